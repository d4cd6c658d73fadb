import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-content-identity-events.ts';
import * as m0002 from './0002-read-models.ts';
import * as m0003 from './0003-classes.ts';
import * as m0004 from './0004-marking.ts';
import * as m0005 from './0005-idempotent-reply.ts';
import * as m0006 from './0006-personal-data.ts';
import * as m0008 from './0008-accounts.ts';
import * as m0009 from './0009-accepted-renderings.ts';
import * as m0010 from './0010-review-cards.ts';
import * as m0011 from './0011-push-reminders.ts';
import * as m0013 from './0013-teachers-classes.ts';
import * as m0014 from './0014-homework-leagues.ts';
import * as m0015 from './0015-opaque-json.ts';
import * as m0016 from './0016-rendering-scope.ts';
import * as m0017 from './0017-pending-answers.ts';
import * as m0018 from './0018-server-secrets.ts';
import * as m0019 from './0019-staff-off-boards.ts';
import * as m0020 from './0020-stream-parts.ts';
import * as m0023 from './0023-events-by-month.ts';
import * as m0024 from './0024-error-mastered-by.ts';

/** Every migration, in order. The same list serves PGlite and Postgres. */
export const migrations: Record<string, Migration> = {
  '0001-content-identity-events': m0001,
  '0002-read-models': m0002,
  '0003-classes': m0003,
  '0004-marking': m0004,
  '0005-idempotent-reply': m0005,
  '0006-personal-data': m0006,
  '0008-accounts': m0008,
  '0009-accepted-renderings': m0009,
  '0010-review-cards': m0010,
  '0011-push-reminders': m0011,
  '0013-teachers-classes': m0013,
  '0014-homework-leagues': m0014,
  '0015-opaque-json': m0015,
  '0016-rendering-scope': m0016,
  '0017-pending-answers': m0017,
  '0018-server-secrets': m0018,
  '0019-staff-off-boards': m0019,
  '0020-stream-parts': m0020,
  '0023-events-by-month': m0023,
  '0024-error-mastered-by': m0024,
};
