// The load of bench/load-shed.mjs, in a worker thread of its own (so the probes' timings in the main
// thread do not include this loop's lag): CONNECTIONS keep-alive connections to 127.0.0.1, each sending
// one GET after another for SECONDS. A refused connection (503, closed) waits its Retry-After and
// connects again, as a client honouring it would. Posts the served answers' latencies and the counts.
import { connect } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { workerData, parentPort } from 'node:worker_threads';

const { port, path, authorization, connections, seconds } = workerData;
const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${authorization}\r\n\r\n`;
const served = [];
// Where the time goes: a connection's first answer (its request may have waited in the kernel's accept
// queue, which the server does not see) apart from the later ones, the connect times, and this loop's lag
// (if it were large, the figures would time the client, not the server).
const firstServed = [];
const laterServed = [];
// Answered after the load stopped (its connections ending free their slots, and connections that waited
// in the kernel all along are admitted then): apart, so the p99 is of the load, not of its end.
const windDown = [];
const connectMs = [];
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
const counts = { served: 0, refused: 0, other: 0, errors: 0, connects: 0 };
const endAt = Date.now() + seconds * 1000;
let open = 0;

/** One connection's loop: a request, its whole answer, the next. */
function run() {
  if (Date.now() >= endAt) return;
  counts.connects++;
  open++;
  const socket = connect(port, '127.0.0.1');
  let buf = Buffer.alloc(0);
  let sentAt = 0;
  let retryMs = 0;
  let answers = 0;
  const startedAt = performance.now();
  const send = () => {
    if (Date.now() >= endAt) return socket.end();
    sentAt = performance.now();
    socket.write(request);
  };
  socket.on('connect', () => {
    connectMs.push(performance.now() - startedAt);
    send();
  });
  socket.on('data', (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      const headEnd = buf.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const head = buf.toString('latin1', 0, headEnd);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buf.length < headEnd + 4 + length) return;
      buf = buf.subarray(headEnd + 4 + length);
      const status = Number(head.slice(9, 12));
      if (status === 503) {
        counts.refused++;
        retryMs = Number(/\r\nretry-after: *(\d+)/i.exec(head)?.[1] ?? 1) * 1000;
      } else if (status >= 200 && status < 300) {
        counts.served++;
        const took = performance.now() - sentAt;
        if (Date.now() > endAt) windDown.push(took);
        else {
          served.push(took);
          (answers === 0 ? firstServed : laterServed).push(took);
        }
        answers++;
        send();
      } else counts.other++;
    }
  });
  socket.on('error', () => counts.errors++);
  socket.on('close', () => {
    open--;
    setTimeout(run, retryMs);
  });
}

for (let i = 0; i < connections; i++) run();
const done = setInterval(() => {
  if (Date.now() < endAt + 2000 && open > 0) return;
  clearInterval(done);
  lag.disable();
  parentPort.postMessage({
    served: Float64Array.from(served),
    firstServed: Float64Array.from(firstServed),
    laterServed: Float64Array.from(laterServed),
    connectMs: Float64Array.from(connectMs),
    windDown: Float64Array.from(windDown),
    clientLagP99Ms: lag.percentile(99) / 1e6,
    counts,
  });
}, 250);
