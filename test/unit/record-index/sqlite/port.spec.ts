import { recordIndexPortSuite } from '../../../support/record-index-port-suite';
import { test } from '../fixtures';

/** The RecordIndex port's shared suite on the embedded SQLite store. */
recordIndexPortSuite(test);
