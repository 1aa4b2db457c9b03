// The Load more button under a paged list (issue 36): shown while the server has more rows.
import { Button } from './button';
import { UI_TEXTS } from './texts';

type LoadMoreProps = {
  /** TanStack's useInfiniteQuery result, or the parts of it this button reads. */
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  /** What the button loads, for a screen reader ('Load more notes'); the label stays 'Load more'. */
  label?: string;
};

export function LoadMore({ list, label }: LoadMoreProps) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" aria-label={label} loading={list.isFetchingNextPage} loadingText={UI_TEXTS.loading} onClick={() => void list.fetchNextPage()}>
        {UI_TEXTS.loadMore}
      </Button>
    </div>
  );
}
