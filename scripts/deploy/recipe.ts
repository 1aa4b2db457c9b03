// The deployment recipe in deploy/ as the CI harness reads it (issue 35 item 2): the systemd
// unit's command and environment, the example environment file, and the nginx site rendered
// for a run on loopback with only its ports and paths changed. Pure functions of the files'
// text, so what the harness runs is what an operator installs, and the tests below it check
// the reading itself (recipe.test.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The recipe's files, relative to the repository. */
export const RECIPE = {
  unit: 'deploy/systemd/brieflane@.service',
  site: 'deploy/nginx/brieflane.conf',
  environment: 'deploy/brieflane.env.example',
  rollingRestart: 'deploy/rolling-restart.sh',
} as const;

// ---------------------------------------------------------------------------------------------
// systemd

/** A unit file: for each section, its settings in order (a key may repeat: Environment=). */
export type UnitFile = Map<string, [key: string, value: string][]>;

/** systemd's unit file syntax: [Section], Key=value, # and ; comments, \ continuing a line. */
export function parseUnitFile(text: string): UnitFile {
  const unit: UnitFile = new Map();
  let section: [string, string][] | undefined;
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      section = unit.get(header[1]!) ?? [];
      unit.set(header[1]!, section);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0 || !section) throw new Error(`Not a unit file line: ${raw}`);
    section.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
  }
  return unit;
}

/** Every value of `key` in `section`, in order. */
export function unitValues(unit: UnitFile, section: string, key: string): string[] {
  return (unit.get(section) ?? []).filter(([k]) => k === key).map(([, v]) => v);
}

/** The one value of `key`; a missing or repeated one is an error (the harness would guess). */
export function unitValue(unit: UnitFile, section: string, key: string): string {
  const values = unitValues(unit, section, key);
  if (values.length !== 1) throw new Error(`[${section}] ${key}= is set ${values.length} times in the unit; expected once`);
  return values[0]!;
}

/**
 * The specifiers the recipe's unit uses: %i and %I (the instance), %S (the state directory
 * root), %% (a percent sign). Any other one is refused rather than left as it is.
 */
export function expandSpecifiers(value: string, instance: string): string {
  return value.replace(/%(.)/g, (_, letter: string) => {
    if (letter === 'i' || letter === 'I') return instance;
    if (letter === 'S') return '/var/lib';
    if (letter === '%') return '%';
    throw new Error(`The harness does not know the systemd specifier %${letter} (in "${value}")`);
  });
}

/** Space-separated words, double or single quotes keeping spaces, as systemd splits them. */
export function splitUnitWords(value: string): string[] {
  const words: string[] = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  for (const match of value.matchAll(pattern)) {
    words.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? match[3]!));
  }
  return words;
}

/** An EnvironmentFile: KEY=value lines; # and ; comments; quotes around a value removed. */
export function parseEnvironmentFile(text: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`Not an environment file line: ${raw}`);
    let value = match[2]!.trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
    env.set(match[1]!, value);
  }
  return env;
}

export type ServiceCommand = {
  /** ExecStart's program and its arguments. */
  command: string;
  args: string[];
  cwd: string;
  /** Environment= assignments, specifiers expanded. */
  environment: Record<string, string>;
  /** EnvironmentFile= paths; their settings win over `environment`, as in systemd. */
  environmentFiles: string[];
};

/** What systemd would run for `<unit>@<instance>`: ExecStart, WorkingDirectory, the environment. */
export function serviceCommand(unit: UnitFile, instance: string): ServiceCommand {
  const execStart = expandSpecifiers(unitValue(unit, 'Service', 'ExecStart'), instance);
  if (/^[-@+!:]/.test(execStart)) throw new Error(`ExecStart= with a prefix is not read by the harness: ${execStart}`);
  const [command, ...args] = splitUnitWords(execStart);
  const environment: Record<string, string> = {};
  for (const value of unitValues(unit, 'Service', 'Environment')) {
    for (const word of splitUnitWords(expandSpecifiers(value, instance))) {
      const eq = word.indexOf('=');
      if (eq <= 0) throw new Error(`Not an assignment in Environment=: ${word}`);
      environment[word.slice(0, eq)] = word.slice(eq + 1);
    }
  }
  return {
    command: command!,
    args,
    cwd: expandSpecifiers(unitValue(unit, 'Service', 'WorkingDirectory'), instance),
    environment,
    environmentFiles: unitValues(unit, 'Service', 'EnvironmentFile').map((file) => expandSpecifiers(file.replace(/^-/, ''), instance)),
  };
}

/** Environment= first, then each file over it, as systemd builds a service's environment. */
export function serviceEnvironment(service: ServiceCommand, files: Map<string, string>[]): Record<string, string> {
  const env = { ...service.environment };
  for (const file of files) for (const [key, value] of file) env[key] = value;
  return env;
}

/** A duration of systemd's syntax as the unit uses it: 20s, 1min 30s, 500ms, or seconds. */
export function systemdSeconds(value: string): number {
  let total = 0;
  const units: Record<string, number> = { ms: 0.001, s: 1, sec: 1, m: 60, min: 60, h: 3600 };
  for (const part of value.trim().split(/\s+/)) {
    const match = /^(\d+(?:\.\d+)?)([a-z]*)$/.exec(part);
    if (!match || units[match[2] || 's'] === undefined) throw new Error(`Not a systemd time span: ${value}`);
    total += Number(match[1]) * units[match[2] || 's']!;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// nginx

/** The upstream block's servers: address, port and parameters, in order. */
export function upstreamServers(site: string, name = 'brieflane'): { address: string; port: number; parameters: string[] }[] {
  const block = new RegExp(`upstream\\s+${name}\\s*\\{([^}]*)\\}`).exec(site);
  if (!block) throw new Error(`No upstream ${name} { ... } in the site`);
  const servers = [];
  for (const line of block[1]!.split('\n')) {
    const match = /^\s*server\s+([^\s;:]+):(\d+)((?:\s+[^\s;]+)*)\s*;/.exec(line);
    if (match) servers.push({ address: match[1]!, port: Number(match[2]), parameters: match[3]!.trim().split(/\s+/).filter(Boolean) });
  }
  if (servers.length === 0) throw new Error(`upstream ${name} names no server`);
  return servers;
}

/** A size as nginx writes it (26m, 512k, 1g, bytes) in bytes. */
export function nginxSize(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!match) throw new Error(`Not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}

/** Every value of a directive (`name value;`) in the site, in order. */
export function directiveValues(site: string, name: string): string[] {
  return [...site.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].map((m) => m[1]!.trim());
}

/**
 * The multipart envelope the app takes beyond MAX_UPLOAD_MB (uploadBodyLimit in
 * src/server/modules/files/http.ts): a body of the largest file allowed is this much larger.
 */
export const UPLOAD_ENVELOPE_BYTES = 64 * 1024;

/** client_max_body_size must let the largest upload the app takes through. */
export function uploadLimitProblem(site: string, env: Map<string, string>): string | undefined {
  const sizes = directiveValues(site, 'client_max_body_size');
  if (sizes.length !== 1) return `the site sets client_max_body_size ${sizes.length} times; expected once`;
  const megabytes = Number(env.get('MAX_UPLOAD_MB') ?? '25');
  const needed = Math.round(megabytes * 1024 * 1024) + UPLOAD_ENVELOPE_BYTES;
  const allowed = nginxSize(sizes[0]!);
  if (allowed < needed) return `client_max_body_size ${sizes[0]} (${allowed} bytes) is under MAX_UPLOAD_MB=${megabytes} plus the multipart envelope (${needed} bytes)`;
  return undefined;
}

export type SiteRendering = {
  /** The site's own listen ports to the loopback ports of this run (80 -> 18080). */
  listen: Record<number, number>;
  /** The upstream's app server ports to this run's (3001 -> 41234). */
  upstreams: Record<number, number>;
  /** Path prefixes to this run's (/var/log/nginx/ -> /tmp/x/logs/). */
  paths: Record<string, string>;
};

/**
 * The site with only its ports and paths changed, for a run on loopback: each `listen PORT`
 * becomes `listen 127.0.0.1:PORT'`, each upstream server its port of the run, each listed path
 * prefix its own. Everything else is byte for byte the file. Throws when a port or path the
 * rendering names is not in the site, or when a listen line or a system path is left over:
 * a site that drifted from what the harness expects fails the run instead of testing less.
 */
export function renderSite(site: string, rendering: SiteRendering): string {
  const listenPorts = new Set<number>();
  // One pass each, so that a port of the run that happens to be one of the site's is left alone.
  let text = site.replace(/^(\s*listen\s+)(\S+?)(\s[^;]*;|;)/gm, (line, start: string, address: string, rest: string) => {
    const to = /^\d+$/.test(address) ? rendering.listen[Number(address)] : undefined;
    if (to === undefined) throw new Error(`The rendering gives no loopback port for "listen ${address}"`);
    listenPorts.add(Number(address));
    return `${start}127.0.0.1:${to}${rest}`;
  });
  for (const port of Object.keys(rendering.listen)) if (!listenPorts.has(Number(port))) throw new Error(`The site has no "listen ${port}"`);
  const upstreamPorts = new Set(upstreamServers(site).map((s) => s.port));
  for (const port of Object.keys(rendering.upstreams)) if (!upstreamPorts.has(Number(port))) throw new Error(`The site's upstream has no server on port ${port}`);
  text = text.replace(/^(\s*server\s+127\.0\.0\.1:)(\d+)\b/gm, (line, start: string, port: string) => {
    const to = rendering.upstreams[Number(port)];
    if (to === undefined) throw new Error(`The rendering gives no port for the upstream server on ${port}`);
    return `${start}${to}`;
  });
  // Paths in directives only; the comments stay as written.
  const code = (line: string) => line.replace(/#.*$/, '');
  for (const [from, to] of Object.entries(rendering.paths)) {
    if (!text.split('\n').some((line) => code(line).includes(from))) throw new Error(`The site does not mention ${from}`);
    text = text
      .split('\n')
      .map((line) => {
        const at = line.indexOf('#');
        return at === -1 ? line.split(from).join(to) : line.slice(0, at).split(from).join(to) + line.slice(at);
      })
      .join('\n');
  }
  const systemPath = /(^|[\s"'])(\/(?:etc|var|run|usr)\/\S*)/m.exec(text.replace(/#.*$/gm, ''));
  if (systemPath) throw new Error(`The rendering leaves the system path ${systemPath[2]} in the site`);
  return text;
}

/**
 * The main nginx.conf for a run: Debian's /etc/nginx/nginx.conf as far as it matters here
 * (worker_processes auto, 768 worker connections, mime types, sendfile), with this run's pid,
 * error log and temporary folders, and the rendered site included as sites-enabled would.
 */
export function mainConfig(options: { prefix: string; site: string; mimeTypes?: string }): string {
  const p = (name: string) => path.join(options.prefix, name);
  return [
    `# Written by scripts/deploy for one run; the site is ${options.site}.`,
    'worker_processes auto;',
    `pid ${p('nginx.pid')};`,
    `error_log ${p('error.log')} warn;`,
    'events {',
    '    worker_connections 768;',
    '}',
    'http {',
    '    sendfile on;',
    '    tcp_nopush on;',
    '    types_hash_max_size 2048;',
    ...(options.mimeTypes ? [`    include ${options.mimeTypes};`] : []),
    '    default_type application/octet-stream;',
    `    access_log ${p('access.log')};`,
    `    client_body_temp_path ${p('client_body')};`,
    `    proxy_temp_path ${p('proxy')};`,
    `    fastcgi_temp_path ${p('fastcgi')};`,
    `    uwsgi_temp_path ${p('uwsgi')};`,
    `    scgi_temp_path ${p('scgi')};`,
    `    include ${options.site};`,
    '}',
    '',
  ].join('\n');
}

/** An access log line of the site's `brieflane` log_format. */
export type AccessLogLine = {
  status: number;
  request: string;
  /** Request time in seconds. */
  requestTime: number;
  /** The upstream servers tried, in order ('127.0.0.1:3001'), empty when none was. */
  upstreams: string[];
  upstreamStatuses: string[];
  requestId: string;
  /** When nginx wrote the line (the request's end), epoch ms. */
  endMs: number;
};

const ACCESS_LINE = /"(?<request>[^"]*)" (?<status>\d{3}) \d+ rt=(?<rt>[\d.]+) ua="(?<ua>[^"]*)" us="(?<us>[^"]*)" id=(?<id>[0-9a-f]+) msec=(?<msec>[\d.]+)$/;

/** One line of the site's log format; undefined for anything else. */
export function parseAccessLogLine(line: string): AccessLogLine | undefined {
  const groups = ACCESS_LINE.exec(line.trim())?.groups;
  if (!groups) return undefined;
  // "a, b" for servers tried in turn; "a : b" when an internal redirect went on elsewhere.
  const list = (value: string) => (value === '-' ? [] : value.split(/\s*[,:]\s+/).filter(Boolean));
  return {
    request: groups.request!,
    status: Number(groups.status),
    requestTime: Number(groups.rt),
    upstreams: list(groups.ua!),
    upstreamStatuses: list(groups.us!),
    requestId: groups.id!,
    endMs: Math.round(Number(groups.msec) * 1000),
  };
}
