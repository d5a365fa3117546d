// The screen worker: parses the child's output and classifies it off the relay's thread.
import { parentPort } from 'node:worker_threads';
import { compileRuleFile } from '../rules/compile.js';
import { ScreenClassifier } from '../screen/screen-classifier.js';
import type { FromScreenWorker, ToScreenWorker } from './screen-messages.js';

const port = parentPort;
if (port === null) throw new Error('screen-worker must run as a worker thread');

let classifier: ScreenClassifier | undefined;
const post = (message: FromScreenWorker): void => port.postMessage(message);

port.on('message', (message: ToScreenWorker) => {
  try {
    switch (message.t) {
      case 'init':
        classifier = new ScreenClassifier(compileRuleFile(message.ruleText, message.ruleFile), message.cols, message.rows);
        break;
      case 'data':
        classifier?.write(message.bytes);
        break;
      case 'resize':
        classifier?.resize(message.cols, message.rows);
        break;
      case 'rules':
        classifier?.setRules(compileRuleFile(message.ruleText, message.ruleFile));
        break;
      case 'reset':
        classifier?.reset();
        break;
      case 'sweep': {
        const seq = message.seq;
        if (classifier === undefined) {
          post({ t: 'swept', seq, result: { changed: false } });
          break;
        }
        void classifier.sweep().then((result) => {
          const broken = classifier?.broken;
          if (broken !== undefined) post({ t: 'fault', message: broken });
          post({ t: 'swept', seq, result });
        });
        break;
      }
    }
  } catch (error) {
    post({ t: 'fault', message: error instanceof Error ? error.message : String(error) });
  }
});
