import { Pool } from 'undici';
import { startStaticResponder } from './static-responder.ts';
const r = await startStaticResponder();
const base = new URL(r.url);
const pool = new Pool(base.origin, { connections: 16, pipelining: 1 });
try {
  for (let round = 0; round < 3; round++) {
    let done = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const one = () => {
        if (performance.now() - t0 > 2000) return resolve();
        pool.dispatch({ method: 'GET', path: '/ok' }, { onRequestStart() {}, onResponseStart() {}, onResponseData() {}, onResponseEnd() { done++; one(); }, onResponseError() { one(); } });
      };
      for (let i = 0; i < 16; i++) one();
    });
    const cpu = process.cpuUsage(cpu0);
    console.log('undici dispatch closed loop', (done / ((performance.now() - t0) / 1000)).toFixed(0), 'req/s', ((cpu.user + cpu.system) / done).toFixed(1), 'us/req');
  }
} finally { await pool.close(); r.stop(); }
