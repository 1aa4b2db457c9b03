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

function actionButton({ label, icon: Icon, onSelect, onIntent }: CardAction, className?: string): ReactNode {
  return (
    <Button
      key={label}
      variant="outline"
      size="sm"
      className={className}
      onClick={onSelect}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onTouchStart={onIntent}
    >
      <Icon aria-hidden />
      {label}
    </Button>
  );
}

/** Small outline buttons that share the width of the card's own row (the row is the card's). */
export function renderCardActionButtons(actions: CardAction[]): ReactNode {
  return actions.map((action) => actionButton(action, 'flex-1 px-2'));
}

/**
 * The layout outside a card (the project page's header): a row of its own, its buttons at their
 * own width with the standard gap, wrapping on a narrow screen. Bare buttons there touched
 * (issue 49 item 18).
 */
export function renderActionRow(actions: CardAction[]): ReactNode {
  return <div className="flex flex-wrap items-center gap-2">{actions.map((action) => actionButton(action))}</div>;
}

const LayoutContext = createContext<(actions: CardAction[]) => ReactNode>(renderActionRow);

/** The card's layout for the actions that <CardActions> inside it describes. */
export const CardActionsLayout = LayoutContext.Provider;

export function CardActions({ actions }: { actions: CardAction[] }) {
  const layout = useContext(LayoutContext);
  return layout(actions);
}
