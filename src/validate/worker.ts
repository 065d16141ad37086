// A validation thread (see parallel.ts): runs its side of the prepare / analyze / check protocol.
import { parentPort } from 'node:worker_threads';
import { BatchSession, type FromWorker, type ToWorker } from './parallel.js';

const session = new BatchSession();

parentPort!.on('message', (message: ToWorker) => {
  let reply: FromWorker;
  try {
    reply = session.handle(message);
  } catch (error) {
    reply = { type: 'error', message: (error as Error).stack ?? String(error) };
  }
  parentPort!.postMessage(reply);
});
