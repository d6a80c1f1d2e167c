import { register } from 'tsx/esm/api';
register();
const fams = ['billing','exchange','custody','cdr','cards','shortener','agentic','loyalty'];
const groups = {
  rules: f => [`./rules/${f}/rules.ts`, `./targets/${f}/section.ts`],
  reference: f => [`./reference/${f}/index.ts`],
  checks: f => [`./checks/${f}/index.ts`],
  sessions: f => [`./client/${f}/session.ts`],
  load: f => [`./load/${f}/nightly.ts`, `./load/${f}/probes.ts`],
};
const fs = await import('node:fs');
for (const [g, paths] of Object.entries(groups)) {
  const t = performance.now();
  for (const f of fams) for (const p of paths(f)) if (fs.existsSync(p)) await import(p);
  console.log(g, Math.round(performance.now() - t), 'ms');
}
const t = performance.now(); await import('./families/index.ts'); console.log('rest', Math.round(performance.now()-t));
