// The type every file in dashboards/json must have: Grafana's published Dashboard (npm
// @grafana/schema, the release of the Grafana image in docker-compose.yml), with the annotation
// targets typed as the PostgreSQL datasource's query. @grafana/schema types a target as the bare
// DataQuery; a datasource's query adds its own fields, here those of Grafana's SQL query
// (public/app/features/plugins/sql/types.ts: rawSql, rawQuery, format, editorMode).
// DashboardTypesTest writes each dashboard as `export const d: HeadroomDashboard = <json>;` and
// runs tsc, so an unknown key, a missing required one or a wrong type fails the build.
import type { AnnotationQuery, Dashboard, DataQuery } from '@grafana/schema';

export type SqlQuery = DataQuery & {
  rawSql: string;
  rawQuery: boolean;
  format: 'table' | 'time_series';
  editorMode: 'code' | 'builder';
};

export type HeadroomDashboard = Omit<Dashboard, 'annotations'> & {
  annotations?: { list?: Array<Omit<AnnotationQuery, 'target'> & { target?: SqlQuery }> };
};
