// `npx tsx scripts/bench/profile-top.ts FILE.cpuprofile [--from=MS --to=MS]`: where a CPU profile
// of the project-list server (decision 014) spent its busy time. Self time of every sample that
// is not idle, grouped by package (node_modules/<name>), our own code (src/...), Node's internals
// and the garbage collector, then the top functions. Only the samples between --from and --to
// (ms after the profile started) count: the load window, not the seeding before it.
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-top.ts FILE.cpuprofile [--from=MS] [--to=MS]');
  process.exit(2);
}
const flag = (name: string) => Number(flags.find((f) => f.startsWith(`--${name}=`))?.split('=')[1] ?? NaN);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

function categoryOf(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return '(gc)';
  if (functionName === '(program)') return '(program)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes('/src/server/')) return `src/server/${url.split('/src/server/')[1]!.split('/').slice(0, 2).join('/')}`;
  if (url.includes('/scripts/')) return 'scripts';
  if (url === '') return `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

// Samples in the window, by self node.
const from = flag('from');
const to = flag('to');
let time = 0;
const selfMs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  time += (profile.timeDeltas[i] ?? 0) / 1000;
  if (!Number.isNaN(from) && time < from) continue;
  if (!Number.isNaN(to) && time > to) break;
  const id = profile.samples[i]!;
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000);
}
let busy = 0;
let idle = 0;
const categories = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id)!;
  if (node.callFrame.functionName === '(idle)') {
    idle += ms;
    continue;
  }
  busy += ms;
  const category = categoryOf(node);
  categories.set(category, (categories.get(category) ?? 0) + ms);
  const where = node.callFrame.url ? `${node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${node.callFrame.lineNumber + 1}` : '';
  const key = `${node.callFrame.functionName || '(anonymous)'} ${where}`.trim();
  functions.set(key, (functions.get(key) ?? 0) + ms);
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');
console.log(`busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms\n\nby package / module (self time):\n${top(categories, 20)}\n\ntop functions (self time):\n${top(functions, 30)}`);
