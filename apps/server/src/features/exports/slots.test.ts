import { EXPORT_MESSAGES } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { ExportSlots } from './slots';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('ExportSlots', () => {
  it('answers 503 with Retry-After past the limit, and frees the slot when an export ends or fails', async () => {
    const slots = new ExportSlots(1);
    const first = gate();
    const running = slots.now(() => first.opened);
    await expect(slots.now(async () => 'second')).rejects.toMatchObject({
      statusCode: 503,
      message: EXPORT_MESSAGES.busy,
      headers: { 'retry-after': '5' },
    });
    first.open();
    await running;
    await expect(slots.now(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(slots.now(async () => 'third')).resolves.toBe('third');
  });

  it('lets queued work wait for a slot, ahead of new downloads', async () => {
    const slots = new ExportSlots(1);
    const first = gate();
    const second = gate();
    const order: string[] = [];
    const running = slots.now(async () => {
      await first.opened;
      order.push('download');
    });
    const waiting = slots.queued(async () => {
      order.push('scheduled');
      await second.opened;
    });
    first.open();
    await running;
    await expect(slots.now(async () => 'x')).rejects.toMatchObject({ statusCode: 503 });
    second.open();
    await waiting;
    expect(order).toEqual(['download', 'scheduled']);
    await expect(slots.now(async () => 'free again')).resolves.toBe('free again');
  });
});
