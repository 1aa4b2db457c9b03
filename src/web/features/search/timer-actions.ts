// Time tracking from the command palette (issue 32 with issue 34): the time feature's timer
// commands, for the project whose page is open.
import { useLocation } from 'react-router';
import { useTimerCommands } from '@/web/features/time/api';
import type { PaletteAction } from './palette-actions';

export function useTimerActions(): PaletteAction[] {
  const projectId = /^\/project-dashboard\/([^/?#]+)/.exec(useLocation().pathname)?.[1];
  return useTimerCommands(projectId ? decodeURIComponent(projectId) : undefined);
}
