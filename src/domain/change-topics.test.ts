import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, CHANGE_TOPICS, topicForAction } from './change-topics';

describe('change topics (one list for the server and the web, issue 28)', () => {
  it('gives every activity verb a topic a page hears', () => {
    for (const action of ACTIVITY_ACTIONS) {
      const topic = topicForAction(action);
      expect(CHANGE_TOPICS, action).toContain(topic);
      expect(topic, action).not.toBe('sessions');
    }
  });

  it('makes project work project-level and the lists list-level', () => {
    const byTopic = (topic: string) => ACTIVITY_ACTIONS.filter((action) => topicForAction(action) === topic);
    expect(byTopic('projects')).toEqual(['create_project', 'delete_project']);
    expect(byTopic('clients')).toEqual(['create_client']);
    expect(byTopic('templates')).toEqual(['create_template', 'update_template', 'delete_template']);
    expect(byTopic('team')).toEqual(['add_team_member', 'update_team_member', 'remove_team_member', 'reset_two_factor', 'change_two_factor_policy', 'join_via_sso', 'update_member_rate']);
    expect(byTopic('organization')).toEqual(['update_sso_settings', 'remove_sso_settings', 'prove_sso_domain', 'lapse_sso_domain', 'change_currency']);
    expect(byTopic('project')).toContain('complete_task');
    expect(byTopic('project')).toContain('submit_questionnaire');
  });
});
