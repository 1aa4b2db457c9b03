import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus, Users, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { TEAM_MESSAGES } from '@/domain/team';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { SearchInput } from '@/web/components/ui/search-input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/class-names';
import { loadTexts, useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { teamListQuery, teamTagsQuery } from '../api';
import { TEAM_TEXTS } from '../texts';
import { MemberCard } from './member-card';
import { MemberFormDialog } from './member-form-dialog';

// Its words start loading with this module, so the first render does not wait on them (decision 045).
void loadTexts('team');

/** Spec 2 "Team tab": 'Team Management', the add-member dialog, the skill tag filter and the card grid. */
export function TeamTab() {
  const t = useT('team', 'domain');
  const me = useSignedInMe();
  const [search, setSearch] = useState('');
  const [selectedTags, setSelectedTags] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const debounced = useDebouncedValue(search.trim());
  const members = useInfiniteQuery(teamListQuery(debounced, selectedTags));
  const tags = useQuery(teamTagsQuery);

  const items = members.data?.pages.flatMap((p) => p.items) ?? [];
  const total = members.data?.pages[0]?.total ?? 0;
  const grid = useRef<HTMLDivElement>(null);
  const filtering = selectedTags.length > 0 || debounced !== '';
  const toggleTag = (tag: string) =>
    setSelectedTags((current) => (current.includes(tag) ? current.filter((other) => other !== tag) : [...current, tag]));

  return (
    <section className="space-y-6" aria-labelledby="team-management-title">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="team-management-title" className="text-xl font-semibold">
            {t(TEAM_MESSAGES.title)}
          </h2>
          <p className="text-muted-foreground">{t(TEAM_MESSAGES.subtitle)}</p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          {t(TEAM_MESSAGES.addMember)}
        </Button>
      </div>

      <div className="space-y-3">
        <SearchInput
          className="max-w-md"
          aria-label={t(TEAM_TEXTS.searchLabel)}
          placeholder={t(TEAM_TEXTS.searchPlaceholder)}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t(TEAM_TEXTS.skillFilter)}>
          <span className="text-sm font-medium text-muted-foreground">{t(TEAM_TEXTS.skillFilterLabel)}</span>
          {tags.isPending ? (
            <Skeleton className="h-7 w-64 rounded-full" />
          ) : tags.isError ? (
            // Issue 49 item 3: skills that failed to load are not "no skills to filter by".
            <div className="min-w-0 flex-1">
              <LoadErrorPanel compact title={t(TEAM_TEXTS.skillsLoadFailed)} error={tags.error} onRetry={() => void tags.refetch()} />
            </div>
          ) : (
            (tags.data ?? []).map((tag) => {
              const active = selectedTags.includes(tag);
              return (
                <button
                  key={tag}
                  type="button"
                  aria-pressed={active}
                  onClick={() => toggleTag(tag)}
                  className={cn(
                    'rounded-full border px-3 py-1 text-xs font-medium transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/40',
                    active ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:border-primary/50 hover:bg-muted',
                  )}
                >
                  {tag}
                </button>
              );
            })
          )}
          {filtering ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSelectedTags([]);
                setSearch('');
              }}
            >
              <X aria-hidden />
              {t(TEAM_MESSAGES.clearFilters)}
            </Button>
          ) : null}
        </div>
        {selectedTags.length > 1 ? (
          <p className="text-xs text-muted-foreground">{t(TEAM_TEXTS.anySkillNote)}</p>
        ) : null}
      </div>

      {members.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t(TEAM_TEXTS.loadingMembers)}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : members.isError ? (
        <LoadErrorPanel error={members.error} onRetry={() => void members.refetch()} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground">
          <Users className="size-8" aria-hidden />
          <p>{filtering ? t(TEAM_MESSAGES.noMatches) : t(TEAM_MESSAGES.noMembers)}</p>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t(TEAM_TEXTS.showing, { shown: items.length, total })}
          </p>
          <div ref={grid} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </div>
          <LoadMore list={members} items={grid} />
        </>
      )}

      <MemberFormDialog open={adding} onOpenChange={setAdding} actor={{ role: me.profile.role, profileId: me.profile.id }} />
    </section>
  );
}
