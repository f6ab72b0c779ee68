import { FormModel } from '../models/form.js';
import { releaseSlot, takeSlot } from './counter-slot.js';
import { withOwnedIds } from './owned-ids.js';

type TSlotRequest = { userId: string; formId: string; hourStart: Date };

const HOUR_MS = 3_600_000;

/**
 * The hourly cap of a form's developer notifications, counted on the form (`notificationHour`, the
 * clock hour counted in, and `notificationsSent`). A worker takes a slot before it sends, with
 * conditional updates only, so concurrent sends can never pass the cap: counting the log and then
 * sending let every job that counted before the others logged go out.
 */
export const developerNotificationSlotRepository = {
  /** Takes one of the hour's `max` slots; false when they are all taken. */
  async reserve({ userId, formId, hourStart, max }: TSlotRequest & { max: number }): Promise<boolean> {
    if (max <= 0) {
      return false;
    }

    return withOwnedIds({ userId, formId }, false, async (ids) => {
      const form = { _id: ids.form, userId: ids.owner };
      // The next hour counts too: a worker whose clock runs behind another's counts its sends in the
      // hour the other opened, rather than being locked out of both until its own clock catches up.
      // No further: a clock hours ahead must not hold every worker's count in a future hour.
      const nextHour = new Date(hourStart.getTime() + HOUR_MS);
      const thisHour = { ...form, notificationHour: { $gte: hourStart, $lte: nextHour } };
      if (await takeSlot(FormModel.collection, thisHour, 'notificationsSent', max)) {
        return true;
      }
      // The form counts an earlier hour, one further ahead than a clock may run (set by a clock
      // hours off), or none yet: open this one with the first slot taken. Of two workers that get
      // here at once one opens it and the other takes a slot in it below. `null` also matches a
      // form that never counted.
      const opened = await FormModel.collection.updateOne(
        {
          ...form,
          $or: [
            { notificationHour: { $lt: hourStart } },
            { notificationHour: { $gt: nextHour } },
            { notificationHour: null },
          ],
        },
        { $set: { notificationHour: hourStart, notificationsSent: 1 } },
      );
      if (opened.modifiedCount === 1) {
        return true;
      }

      return takeSlot(FormModel.collection, thisHour, 'notificationsSent', max);
    });
  },

  /** Gives back a slot whose notification was not sent after all (never below zero, same hour only). */
  async release({ userId, formId, hourStart }: TSlotRequest): Promise<void> {
    await withOwnedIds({ userId, formId }, undefined, (ids) =>
      releaseSlot(
        FormModel.collection,
        { _id: ids.form, userId: ids.owner, notificationHour: hourStart },
        'notificationsSent',
      ),
    );
  },
};
