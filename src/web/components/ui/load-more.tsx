// The Load more button under a paged list (issue 36): shown while the server has more rows.
// After a page arrives the first new item takes the focus (issue 49 item 6), so a keyboard user
// goes on where they were; before, the focus stayed on a button that then disappeared with the
// last page, and fell to the page.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useT } from '@/web/lib/i18n';
import { Button } from './button';
import { UI_TEXTS } from './texts';

type LoadedPage = { items: readonly unknown[] };

type LoadMoreProps = {
  /** TanStack's useInfiniteQuery result, or the parts of it this button reads. */
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<{ isError: boolean; data?: { pages: readonly LoadedPage[] } | undefined }>;
  };
  /**
   * The element whose children are the list's items as shown (the `ul`, the grid of cards):
   * after Load more, the first child that was not there before takes the focus.
   */
  items: RefObject<HTMLElement | null>;
  /** What the button loads, for a screen reader ('Load more notes'); the label stays 'Load more'. */
  label?: string;
};

/**
 * The item itself takes the focus, made focusable (-1: not a Tab stop) when it is not: a screen
 * reader reads the item, and Tab goes on to its controls. Not its first control: a project card's
 * is the 'View Dashboard' at its foot, which says nothing of which project it is. The attribute
 * gives it a focus ring (styles.css) even where its classes take the outline away.
 */
function focusItem(item: HTMLElement) {
  if (!item.hasAttribute('tabindex')) item.tabIndex = -1;
  item.setAttribute('data-load-more-focus', '');
  item.focus();
}

/**
 * The first new child of `container`: the first after the last child that was there before (new
 * pages are added below), or the first new one anywhere if none follows.
 */
function firstNewItem(container: HTMLElement, before: ReadonlySet<Element>): HTMLElement | null {
  const children = [...container.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
  const lastOld = children.findLastIndex((child) => before.has(child));
  const fresh = (child: HTMLElement) => !before.has(child);
  return children.slice(lastOld + 1).find(fresh) ?? children.find(fresh) ?? null;
}

export function LoadMore({ list, items, label }: LoadMoreProps) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  // Set while a page has arrived whose items are not on screen yet (a list may show them a
  // render later, through useDeferredValue): the children there were before the click, and
  // where the focus was then.
  const awaiting = useRef<{ before: ReadonlySet<Element>; focus: Element | null } | null>(null);

  const moveFocus = () => {
    const container = items.current;
    if (awaiting.current === null || container === null) return;
    const { before, focus } = awaiting.current;
    // Only from where Load more left it: where it was at the click (the button, for a keyboard),
    // or the page when the button went with the last page, or a dialog around the list that took
    // it then. A user who went on elsewhere meanwhile stays there.
    const active = document.activeElement;
    const leftByUs = active === null || active === focus || active === button.current || active === document.body || active.contains(container);
    if (!leftByUs) {
      awaiting.current = null;
      return;
    }
    const item = firstNewItem(container, before);
    if (item === null) return;
    awaiting.current = null;
    focusItem(item);
  };

  // After every render: the one that shows the new items moves the focus.
  useLayoutEffect(moveFocus);

  const loadMore = async () => {
    awaiting.current = null;
    const before = new Set(items.current?.children ?? []);
    const focus = document.activeElement;
    const result = await list.fetchNextPage();
    // A failed page, or an empty one, shows nothing new: the focus stays where it is.
    const page = result.data?.pages.at(-1);
    if (result.isError || page === undefined || page.items.length === 0) return;
    awaiting.current = { before, focus };
    moveFocus();
  };

  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button ref={button} variant="outline" aria-label={label} loading={list.isFetchingNextPage} loadingText={t(UI_TEXTS.loading)} onClick={() => void loadMore()}>
        {t(UI_TEXTS.loadMore)}
      </Button>
    </div>
  );
}
