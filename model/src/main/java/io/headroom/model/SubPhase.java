package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The part of a phase after a limit's onset, when the limit began inside the phase: the phase's
 * verdict names that part (docs/verdict-format.md, {@code sub_phase}), and this says where it starts.
 *
 * @param start Unix seconds of the first reading that shows the limit (its entity at its ceiling)
 * @param splitBy how the split was found: {@code throughput} (a change point in the workloads'
 *     throughput), {@code resource} (a change point in a resource's load), {@code recent_window}
 *     (the live path's last seconds), {@code phase_start} (an open phase judged early, from its
 *     first readings)
 * @param phaseSoFar the class the phase as a whole got (NONE, or null when it had too few readings
 *     to be judged): what an alert on the phase so far would have said
 */
public record SubPhase(double start, @JsonProperty("split_by") String splitBy,
    @JsonProperty("phase_so_far") Bottleneck phaseSoFar) {}
