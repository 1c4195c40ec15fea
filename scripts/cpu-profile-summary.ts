// Reads a V8 .cpuprofile (node --cpu-prof; `SERVER_CPU_PROF=dir npm run bench:load`) and prints
// where the time went: self time per module (a package under node_modules, a project file, or
// node's own code), the functions with the most self time, and the total (self + callees) time of
// the functions with the most of it. Usage: node --import tsx scripts/cpu-profile-summary.ts FILE [N]
// [SECONDS]: with SECONDS, only the samples of that many seconds before the last busy second (the
// load run, without the server's start and the data set's setup).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [N]');
const top = Number(process.argv[3] ?? 25);
const window = process.argv[4] ? Number(process.argv[4]) * 1e6 : null;
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);

function moduleOf(url: string): string {
  if (!url) return '(V8/native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const project = url.indexOf('/wt-');
  return project >= 0 ? url.slice(url.indexOf('/', project + 1) + 1) : url;
}
function nameOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${moduleOf(url)}:${lineNumber + 1}`;
}

const selfByModule = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const totalByFunction = new Map<string, number>();
let total = 0;
let idle = 0;
const times: number[] = [];
profile.timeDeltas.reduce((at, delta, index) => (times[index] = at + delta), profile.startTime);
const isIdle = (id: number) => byId.get(id)!.callFrame.functionName === '(idle)';
const lastBusy =
  times[
    profile.samples.findLastIndex(
      (id, index) => !isIdle(id) && times[index]! < profile.endTime - 1e6,
    )
  ] ?? profile.endTime;
profile.samples.forEach((id, index) => {
  if (window !== null && (times[index]! < lastBusy - window || times[index]! > lastBusy)) return;
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  const node = byId.get(id)!;
  total += ms;
  const fn = node.callFrame.functionName;
  if (fn === '(idle)' || fn === '(program)' || fn === '(garbage collector)') {
    if (fn === '(idle)') {
      idle += ms;
      return;
    }
    selfByModule.set(fn, (selfByModule.get(fn) ?? 0) + ms);
    return;
  }
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + ms);
  add(selfByModule, moduleOf(node.callFrame.url));
  add(selfByFunction, nameOf(node));
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(byId.get(at)!);
    if (!seen.has(name)) {
      seen.add(name);
      add(totalByFunction, name);
    }
  }
});

const busy = total - idle;
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
};
console.log(
  `${file}: ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s busy (not idle)`,
);
print('Self time per module (% of busy):', selfByModule);
print('Self time per function:', selfByFunction);
print('Total time (self + callees) per function:', totalByFunction);
