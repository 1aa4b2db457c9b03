import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, topicForAction } from './change-topics';
import { EVENTS, webhookPayloadSchema, type EventSpec } from './events';
import { NOTIFICATION_KINDS } from './inbox';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

const specs = Object.entries(EVENTS) as [string, EventSpec][];

describe('the event catalogue (issue 47)', () => {
  it('names every activity verb, webhook type and kind of news exactly where a fact produces it', () => {
    const verbs = new Set(specs.map(([, spec]) => spec.activity).filter(Boolean));
    expect([...ACTIVITY_ACTIONS].filter((verb) => !verbs.has(verb))).toEqual([]);
    const hooks = new Set(specs.map(([, spec]) => spec.webhook?.type).filter(Boolean));
    expect(WEBHOOK_EVENT_TYPES.filter((type) => !hooks.has(type))).toEqual([]);
    const kinds = new Set(specs.flatMap(([, spec]) => spec.notifies ?? []));
    expect(NOTIFICATION_KINDS.filter((kind) => !kinds.has(kind))).toEqual([]);
  });

  it("logs each verb under one event at most, and refreshes the verb's own topic first", () => {
    const byVerb = new Map<string, string[]>();
    for (const [type, spec] of specs) if (spec.activity) byVerb.set(spec.activity, [...(byVerb.get(spec.activity) ?? []), type]);
    expect([...byVerb].filter(([, types]) => types.length > 1)).toEqual([]);
    for (const [type, spec] of specs) if (spec.activity) expect(spec.topics[0], type).toBe(topicForAction(spec.activity));
  });

  it('gives news-less, log-less facts a topic, so no change goes unheard', () => {
    for (const [type, spec] of specs) if (!spec.notifies?.length) expect(spec.topics.length, type).toBeGreaterThan(0);
  });

  it('sends each webhook type with one payload schema, whichever event sends it', () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const schemas = new Set(specs.filter(([, spec]) => spec.webhook?.type === type).map(([, spec]) => spec.webhook!.payload));
      expect(schemas.size, type).toBe(1);
      expect(webhookPayloadSchema(type)).toBe([...schemas][0]);
    }
  });
});
