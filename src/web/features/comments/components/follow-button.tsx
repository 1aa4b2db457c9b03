import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { COMMENT_MESSAGES } from '@/domain/comment-rules';
import { Button } from '@/web/components/ui/button';
import type { ProjectSource } from '@/web/lib/project-source';
import { followQuery, useSetFollow } from '../api';

/**
 * Follow the task (issue 29): a toggle button, pressed while following. Its assignee, commenters
 * and those mentioned follow by themselves; anyone on the project may follow or stop.
 */
export function FollowButton({ source, taskId }: { source: ProjectSource; taskId: string }) {
  const follow = useQuery(followQuery(source, taskId));
  const setFollow = useSetFollow(source, taskId);
  if (!follow.data) return null;
  const { following } = follow.data;
  return (
    <Button
      variant={following ? 'secondary' : 'outline'}
      size="sm"
      className="shrink-0"
      aria-pressed={following}
      title={following ? COMMENT_MESSAGES.following : COMMENT_MESSAGES.notFollowing}
      onClick={() => setFollow.mutate(!following)}
    >
      {following ? <Bell aria-hidden /> : <BellOff aria-hidden />}
      {COMMENT_MESSAGES.follow}
    </Button>
  );
}
