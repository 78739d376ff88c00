import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberDiscountCode } from '../cart/checkout-draft';
import { useToast } from '../toast/toast-context';

/** The query parameter of a discount link: `/?discount=HALLOWEEN20`. */
export const DISCOUNT_PARAM = 'discount';

/**
 * A link with a discount code keeps the code for checkout (/cart fills it in; the server says what
 * it takes off there), says so, and drops it from the address so a reload or a shared copy of the
 * page does not say it again.
 */
export function DiscountLink() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { toast } = useToast();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const code = params.get(DISCOUNT_PARAM)?.trim();
    if (code === undefined) return;
    params.delete(DISCOUNT_PARAM);
    if (code) {
      rememberDiscountCode(code);
      toast({ title: 'Discount code saved', description: `${code.toUpperCase()} will be applied at checkout.` });
    }
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, preventScrollReset: true });
  }, [pathname, search, hash, navigate, toast]);
  return null;
}
