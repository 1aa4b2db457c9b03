import { describe, expect, it } from 'vitest';
import { parseChangeEvent, parseChangeNotification } from './publisher';

const ORG = '7b0d6a5e-4c7b-4b8a-9a55-0f4b9d0c1a2b';

describe('change notifications', () => {
  it("keeps a well-formed tab origin and drops anything else it can't trust", () => {
    expect(parseChangeEvent(JSON.stringify({ organizationId: ORG, projectId: null, topic: 'clients', origin: 'tab-12345678' }))).toEqual({
      organizationId: ORG,
      projectId: null,
      topic: 'clients',
      origin: 'tab-12345678',
    });
    expect(parseChangeEvent(JSON.stringify({ organizationId: ORG, topic: 'clients', origin: '<script>' }))).toEqual({
      organizationId: ORG,
      projectId: null,
      topic: 'clients',
    });
    expect(parseChangeEvent(JSON.stringify({ organizationId: 'nope', topic: 'clients' }))).toBeNull();
    expect(parseChangeEvent(JSON.stringify({ organizationId: ORG, topic: 'secrets' }))).toBeNull();
    expect(parseChangeEvent('{not json')).toBeNull();
  });

  it("hands back the publisher's id beside the event, never inside it (pages do not get it)", () => {
    const id = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(parseChangeNotification(JSON.stringify({ organizationId: ORG, projectId: null, topic: 'sessions', id }))).toEqual({
      event: { organizationId: ORG, projectId: null, topic: 'sessions' },
      id,
    });
    expect(parseChangeNotification(JSON.stringify({ organizationId: ORG, topic: 'team', id: 'not-an-id' }))).toEqual({
      event: { organizationId: ORG, projectId: null, topic: 'team' },
    });
  });
});
