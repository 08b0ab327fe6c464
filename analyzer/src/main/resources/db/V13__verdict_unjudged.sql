-- A run none of whose phases had enough readings to be judged has no class (docs/detection.md,
-- "Too few readings"): its verdict's bottleneck is null, and the row must be stored all the same,
-- not set aside as a record the database refused.
ALTER TABLE verdict ALTER COLUMN bottleneck DROP NOT NULL;
