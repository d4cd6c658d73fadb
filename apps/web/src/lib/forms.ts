import type { FormEvent } from 'react';

/**
 * A form's submit handler: keeps the browser from loading the page again, then runs `action`.
 *
 * @example <form onSubmit={submitted(() => save.mutate())}>
 */
export function submitted(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    action();
  };
}
