// The skill tags (spec 3), without zod: a page that offers them (the Team tab's filter, the tag
// picker) reads them from here, not from the schema file (decision 013).

/** Spec 3: offered in the tag picker, together with the tags the organization already uses. */
export const SUGGESTED_SKILL_TAGS = [
  'React',
  'WordPress',
  'Figma',
  'UI/UX',
  'Backend',
  'Frontend',
  'JavaScript',
  'TypeScript',
  'Python',
  'DevOps',
  'Mobile',
  'SEO',
  'Content',
  'Marketing',
  'Design',
] as const;

/**
 * Tags as stored: trimmed, inner whitespace collapsed, empties dropped, duplicates removed
 * ignoring case (the first spelling wins), and a suggested tag in any case takes the suggested
 * spelling ('react' is 'React'), so filters and suggestions agree.
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag) continue;
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(SUGGESTED_SKILL_TAGS.find((s) => s.toLowerCase() === key) ?? tag);
  }
  return result;
}

/** Suggestions first in spec order, then the organization's own tags not already offered. */
export function mergeTagSuggestions(used: readonly string[]): string[] {
  return normalizeTags([...SUGGESTED_SKILL_TAGS, ...[...used].sort((a, b) => a.localeCompare(b))]);
}
