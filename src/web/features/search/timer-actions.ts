// The palette's place for time tracking (issue 32, built on its own branch): "Start timer" /
// "Stop timer" go here, as PaletteActions, once the timer exists. Nothing is offered until then.
import type { PaletteAction } from './palette-actions';

export function useTimerActions(): PaletteAction[] {
  return [];
}
