/**
 * Step events (SPEC §8; docs/events.md): the kinds, the per-kind requests (filters, cap, sort),
 * the subscription switches and the reused struct-of-arrays buffers the EVENTS slot fills. Plain
 * data below the step: the gathering itself is {@code dev.rubble.core.step.EventStage}.
 */
package dev.rubble.core.event;
