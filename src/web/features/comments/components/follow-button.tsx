import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import type { ProjectSource } from '@/web/lib/project-source';
import { followQuery, useSetFollow } from '../api';
import { COMMENT_TEXTS } from '../texts';

/**
 * Follow the task (issue 29): a toggle button, pressed while following, that reads what is so
 * (issue 49 item 9: "Follow", then "Following"). Its assignee, commenters and those mentioned
 * follow by themselves; anyone on the project may follow or stop.
 */
export function FollowButton({ source, taskId }: { source: ProjectSource; taskId: string }) {
  const t = useT('comments');
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
      title={t(following ? COMMENT_TEXTS.followingHint : COMMENT_TEXTS.notFollowingHint)}
      onClick={() => setFollow.mutate(!following)}
    >
      {following ? <Bell aria-hidden /> : <BellOff aria-hidden />}
      {t(following ? COMMENT_TEXTS.following : COMMENT_TEXTS.follow)}
    </Button>
  );
}
