// The screen worker: parses the child's output and classifies it off the relay's thread.
import { parentPort } from 'node:worker_threads';
import { compileRuleFile } from '../rules/compile.js';
import { ScreenClassifier } from './screen-classifier.js';
import type { FromScreenWorker, ToScreenWorker } from './screen-messages.js';

const port = parentPort;
if (port === null) throw new Error('screen-worker must run as a worker thread');

/** Parsed bytes between two unprompted progress messages (sweep replies carry the count too). */
const PARSED_REPORT_BYTES = 64 * 1024;

let classifier: ScreenClassifier | undefined;
let received = 0;
let parsed = 0;
let reported = 0;
const post = (message: FromScreenWorker): void => port.postMessage(message);

port.on('message', (message: ToScreenWorker) => {
  try {
    switch (message.t) {
      case 'init':
        classifier = new ScreenClassifier(compileRuleFile(message.ruleText, message.ruleFile), message.cols, message.rows);
        break;
      case 'data': {
        classifier?.write(message.bytes);
        received += message.bytes.length;
        if (received - reported >= PARSED_REPORT_BYTES) {
          const upTo = received;
          void classifier?.sweepReady().then(() => {
            parsed = Math.max(parsed, upTo);
            reported = parsed;
            post({ t: 'parsed', total: parsed });
          });
        }
        break;
      }
      case 'resize':
        classifier?.resize(message.cols, message.rows);
        break;
      case 'progress': {
        const upTo = received;
        void (classifier?.sweepReady() ?? Promise.resolve()).then(() => {
          parsed = Math.max(parsed, upTo);
          reported = parsed;
          post({ t: 'parsed', total: parsed });
        });
        break;
      }
      case 'rules':
        classifier?.setRules(compileRuleFile(message.ruleText, message.ruleFile));
        break;
      case 'reset':
        // Bytes posted before the reset count as parsed: the main thread waited for them.
        classifier?.reset();
        break;
      case 'sweep': {
        const seq = message.seq;
        const upTo = received;
        if (classifier === undefined) {
          post({ t: 'swept', seq, result: { changed: false }, parsed: upTo });
          break;
        }
        void classifier.sweep().then((result) => {
          const broken = classifier?.broken;
          if (broken !== undefined) post({ t: 'fault', message: broken });
          parsed = Math.max(parsed, upTo);
          reported = parsed;
          post({ t: 'swept', seq, result, parsed });
        });
        break;
      }
    }
  } catch (error) {
    post({ t: 'fault', message: error instanceof Error ? error.message : String(error) });
  }
});
