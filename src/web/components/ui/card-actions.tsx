// Actions that one feature adds to another feature's card (the sharing buttons on a project
// card) without either importing the other: the adding feature describes its actions with
// <CardActions>, and the card decides through <CardActionsLayout> how to lay them out, as a
// row of buttons on a wide screen and as items of its '…' menu on a phone (issue 14).
import type { LucideIcon } from 'lucide-react';
import { createContext, useContext, type ReactNode } from 'react';
import { Button } from './button';

export type CardAction = {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** Starts downloading what the action opens (on hover, focus or touch, or when a menu opens). */
  onIntent?: () => void;
};

/** A row of small outline buttons: the layout when the card gives none. */
export function renderCardActionButtons(actions: CardAction[]): ReactNode {
  return actions.map(({ label, icon: Icon, onSelect, onIntent }) => (
    <Button
      key={label}
      variant="outline"
      size="sm"
      className="flex-1 px-2"
      onClick={onSelect}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
    >
      <Icon aria-hidden />
      {label}
    </Button>
  ));
}

const LayoutContext = createContext<(actions: CardAction[]) => ReactNode>(renderCardActionButtons);

/** The card's layout for the actions that <CardActions> inside it describes. */
export const CardActionsLayout = LayoutContext.Provider;

export function CardActions({ actions }: { actions: CardAction[] }) {
  const layout = useContext(LayoutContext);
  return layout(actions);
}
