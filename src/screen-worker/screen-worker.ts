// The screen worker: parses the child's output and classifies it off the relay's thread.
import { parentPort } from 'node:worker_threads';
import { RuleSet, type RuleProbe } from '../rules/rule-set.js';
import { ScreenClassifier } from '../screen/screen-classifier.js';
import { VolatileRows } from '../screen/volatile-rows.js';
import type { FromScreenWorker, RuleData, ToScreenWorker } from './screen-messages.js';
import { SweepWatch } from './sweep-watch.js';

const port = parentPort;
if (port === null) throw new Error('screen-worker must run as a worker thread');

let classifier: ScreenClassifier | undefined;
const volatile = new VolatileRows();
let probe: RuleProbe | undefined;
const post = (message: FromScreenWorker): void => port.postMessage(message);
const ruleSet = (data: RuleData): RuleSet => new RuleSet(data, data.rules);

port.on('message', (message: ToScreenWorker) => {
  try {
    switch (message.t) {
      case 'init':
        probe = new SweepWatch(message.watch).probe();
        classifier = new ScreenClassifier(
          ruleSet(message.rules),
          message.cols,
          message.rows,
        );
        break;
      case 'data':
        classifier?.write(message.bytes);
        break;
      case 'resize':
        classifier?.resize(message.cols, message.rows);
        volatile.reset();
        break;
      case 'rules':
        classifier?.setRules(ruleSet(message.rules));
        volatile.reset();
        break;
      case 'reset':
        classifier?.reset();
        volatile.reset();
        break;
      case 'sweep': {
        const seq = message.seq;
        if (classifier === undefined) {
          post({ t: 'swept', seq, result: { changed: false } });
          break;
        }
        void classifier.sweep(probe).then((result) => {
          const broken = classifier?.broken;
          if (broken !== undefined) post({ t: 'fault', message: broken });
          // Read in the same turn as the sweep: no later output has been parsed yet.
          const rows = volatile.observe(result);
          const cursor = rows.length > 0 ? classifier?.cursor() : undefined;
          post({ t: 'swept', seq, result, ...(cursor === undefined ? {} : { hint: { cursor, volatileRows: [...rows] } }) });
        });
        break;
      }
    }
  } catch (error) {
    post({ t: 'fault', message: error instanceof Error ? error.message : String(error) });
  }
});
