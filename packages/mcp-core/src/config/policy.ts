/**
 * `deniedMcpServers` / `allowedMcpServers`: the lists that keep a server out whatever its scope.
 * Matching as Claude Code 2.1.332 does it (checked against the real CLI, see the differential
 * test): names verbatim, `serverCommand` as the exact `[command, ...args]` array, `serverUrl` as a
 * pattern where `*` matches any run of characters. A deny entry wins over any allow entry. With an
 * allow list, a stdio server must match one of its `serverCommand` entries when it has any, a
 * remote server one of its `serverUrl` entries when it has any; otherwise its name must be listed.
 */

/** One entry of either list: exactly one of the three fields is set. */
export type ServerRule = { serverName: string } | { serverCommand: string[] } | { serverUrl: string };

/** What a rule is matched against: the name and the stored command or URL. */
export interface PolicySubject {
  name: string;
  command?: readonly string[] | undefined;
  url?: string | undefined;
}

export function isDenied(subject: PolicySubject, denied: readonly ServerRule[]): ServerRule | undefined {
  return denied.find((rule) => {
    if ('serverName' in rule) return rule.serverName === subject.name;
    if ('serverCommand' in rule)
      return subject.command !== undefined && sameWords(rule.serverCommand, subject.command);
    return (
      subject.url !== undefined &&
      deniedUrlVariants(subject.url).some((url) => urlMatches(url, rule.serverUrl))
    );
  });
}

export function isAllowed(subject: PolicySubject, allowed: readonly ServerRule[]): boolean {
  const { command, url } = subject;
  const commandRules = allowed.flatMap((rule) => ('serverCommand' in rule ? [rule.serverCommand] : []));
  if (command !== undefined && commandRules.length > 0) {
    return commandRules.some((words) => sameWords(words, command));
  }
  const urlRules = allowed.flatMap((rule) => ('serverUrl' in rule ? [rule.serverUrl] : []));
  if (url !== undefined && urlRules.length > 0) return urlRules.some((pattern) => urlMatches(url, pattern));
  return allowed.some((rule) => 'serverName' in rule && rule.serverName === subject.name);
}

/** Reads one list as stored; entries Claude Code would refuse (not exactly one field) are skipped. */
export function serverRulesOf(value: unknown): ServerRule[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.flatMap((item: unknown): ServerRule[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { serverName, serverCommand, serverUrl } = item as Record<string, unknown>;
    const given = [serverName, serverCommand, serverUrl].filter((field) => field !== undefined);
    if (given.length !== 1) return [];
    if (typeof serverName === 'string') return [{ serverName }];
    if (isWords(serverCommand)) return [{ serverCommand }];
    if (typeof serverUrl === 'string') return [{ serverUrl }];
    return [];
  });
}

/**
 * `pattern` against `url`: scheme and port as written (a wildcard host takes any port), host
 * case-insensitively, and a pattern that is only an origin (no path, no trailing `/`) takes every
 * path; otherwise path and query must match.
 */
export function urlMatches(url: string, pattern: string): boolean {
  if (pattern === '*') return true;
  const target = URL.parse(url);
  if (target === null) return false;
  // A placeholder URL.parse accepts in a host, path or query, turned back into `*` afterwards.
  const wildcard = 'wildcard0x2a';
  const parsed = URL.parse(pattern.replaceAll('*', wildcard));
  if (parsed === null) {
    return globMatches(pattern, `${target.protocol}//${target.host}${target.pathname}${target.search}`);
  }
  const unwild = (text: string) => text.replaceAll(wildcard, '*');
  if (parsed.protocol !== target.protocol) return false;
  const host = unwild(parsed.hostname);
  if (!globMatches(host.toLowerCase(), target.hostname.toLowerCase())) return false;
  if (!(parsed.port === '' && host.includes('*')) && parsed.port !== target.port) return false;
  if (parsed.pathname === '/' && parsed.search === '' && !pattern.endsWith('/')) return true;
  return globMatches(unwild(parsed.pathname + parsed.search), target.pathname + target.search);
}

/** A deny pattern also catches the URL without its query, and with its trailing slash added or removed. */
function deniedUrlVariants(url: string): string[] {
  const bare = URL.parse(url);
  if (bare === null) return [url];
  bare.search = '';
  bare.hash = '';
  const withoutSlash = bare.href.replace(/\/+$/, '');
  return [url, bare.href, withoutSlash, `${withoutSlash}/`];
}

function globMatches(pattern: string, text: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(text);
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index]);
}

function isWords(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string');
}
