import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { SETTINGS_SECTION_LABELS, settingsSectionPath, type SettingsSection } from '@/domain/settings-sections';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';
import { APP_TEXTS } from '../texts';

/**
 * Issue 49 item 5: Settings' sections as links, the shown one marked (aria-current). A column
 * beside the cards on a wide screen; a row that scrolls sideways by itself on a narrow one, the
 * page staying put, with the shown section scrolled into the row's view.
 */
export function SettingsSectionNav({ sections, current }: { sections: readonly SettingsSection[]; current: SettingsSection }) {
  const t = useT('app', 'domain');
  const row = useRef<HTMLUListElement>(null);

  // Only the row's own scroll: scrollIntoView would scroll the page as well.
  useLayoutEffect(() => {
    const list = row.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const offset = link.getBoundingClientRect().left - list.getBoundingClientRect().left;
    if (offset < 0 || offset + link.offsetWidth > list.clientWidth) list.scrollLeft += offset - (list.clientWidth - link.offsetWidth) / 2;
  }, [current]);

  return (
    <nav aria-label={t(APP_TEXTS.settings.sections)} className="min-w-0 lg:sticky lg:top-24">
      <ul ref={row} className="flex gap-1 overflow-x-auto rounded-lg border bg-card p-1 [scrollbar-width:thin] lg:flex-col lg:overflow-visible lg:border-0 lg:bg-transparent lg:p-0">
        {sections.map((section) => {
          const active = section === current;
          return (
            <li key={section} className="shrink-0">
              <Link
                to={settingsSectionPath(section)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  active && 'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
                )}
              >
                {t(SETTINGS_SECTION_LABELS[section])}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
