import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifyWhenBack } from '../api/products';
import { shopperMessageOf } from '../api/refusals';

/**
 * "Email me when size M is back" under a sold-out variant, naming what is asked for: the address
 * confirms by a link first. Once asked, the button says Done (and asks no second time).
 * `sizeName`: the variant as a shopper says it ("size M"; "M / Black" for several options).
 */
export function NotifyMeForm({ productId, variantId, sizeName }: { productId: number; variantId: string; sizeName: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: (address: string) => notifyWhenBack(productId, variantId, address) });

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address && !request.isPending) request.mutate(address);
  }

  return (
    <form className="notify" onSubmit={submit}>
      <label htmlFor={`${id}-email`} className="notify__label">
        Email me when {sizeName} is back
      </label>
      <div className="notify__row">
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="your@email.com"
          value={email}
          readOnly={request.isSuccess}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button" disabled={!email.trim() || request.isPending || request.isSuccess}>
          {request.isSuccess ? 'Done' : request.isPending ? 'Sending…' : 'Notify me'}
        </button>
      </div>
      <p role="status" className="notify__result">
        {request.isSuccess && 'Check your inbox to confirm.'}
      </p>
      {request.isError && (
        <p role="alert" className="notify__error">
          {shopperMessageOf(request.error) ?? 'Something went wrong. Please try again later.'}
        </p>
      )}
    </form>
  );
}
