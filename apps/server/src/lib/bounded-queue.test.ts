import { describe, expect, it } from 'vitest';
import { boundedQueue, QueueRefusal } from './bounded-queue.ts';

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('boundedQueue', () => {
  it('runs one task at a time, keeps the waiting ones in order, refuses beyond the cap', async () => {
    const queue = boundedQueue({ concurrency: 1, maxWaiting: 2 });
    const order: string[] = [];
    const first = gate();
    const tasks = ['a', 'b', 'c'].map((name) =>
      queue.run(name, async () => {
        order.push(`start ${name}`);
        if (name === 'a') await first.opened;
        order.push(`end ${name}`);
        return name;
      }),
    );
    await Promise.resolve();
    expect(queue.running).toBe(1);
    expect(queue.waiting).toBe(2);
    await expect(queue.run('d', async () => 'd')).rejects.toEqual(new QueueRefusal('full'));
    first.open();
    expect(await Promise.all(tasks)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(await queue.run('d', async () => 'd')).toBe('d');
  });

  it('refuses a second task of the same key while the first waits or runs, and frees it after a failure', async () => {
    const queue = boundedQueue({ concurrency: 2, maxWaiting: 2 });
    const held = gate();
    const running = queue.run('learner', () => held.opened.then(() => 'done'));
    await expect(queue.run('learner', async () => 'again')).rejects.toEqual(new QueueRefusal('key-busy'));
    expect(await queue.run('other', async () => 'other')).toBe('other');
    held.open();
    await running;
    await expect(queue.run('learner', async () => Promise.reject(new Error('bad image')))).rejects.toThrow(
      'bad image',
    );
    expect(await queue.run('learner', async () => 'later')).toBe('later');
    expect(queue.running).toBe(0);
  });
});
