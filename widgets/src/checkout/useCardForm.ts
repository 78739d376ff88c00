import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useToast } from '../toast/toast-context';
import { createCardForm, fetchSquareConfig, type SquareCard } from './square-web-sdk';

export type CardFormState = 'loading' | 'ready' | 'failed';

/**
 * The card form inside `containerRef`, (re)initialised whenever the cart has items: any previous
 * form is destroyed first, so a page never holds two. `reload` starts over after a failure.
 */
export function useCardForm(enabled: boolean) {
  const { toast } = useToast();
  const containerRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<SquareCard | null>(null);
  const [state, setState] = useState<CardFormState>('loading');
  const [attempt, setAttempt] = useState(0);
  const config = useQuery({ queryKey: ['/api/square/config'], queryFn: fetchSquareConfig, staleTime: Infinity });

  useEffect(() => {
    const container = containerRef.current;
    if (!enabled || !config.data || !container) return;
    let cancelled = false;
    setState('loading');
    const previous = cardRef.current;
    cardRef.current = null;
    void (async () => {
      try {
        await previous?.destroy();
        container.replaceChildren();
        const card = await createCardForm(config.data, container);
        if (cancelled) {
          await card.destroy();
          return;
        }
        cardRef.current = card;
        setState('ready');
      } catch (error) {
        if (cancelled) return;
        console.error('Card form failed to load', error);
        setState('failed');
        toast({ title: 'Payment System Error', description: 'Unable to load payment form. Please refresh the page and try again.', variant: 'destructive' });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [enabled, config.data, attempt, toast]);

  // The form is torn down with the page.
  useEffect(() => () => void cardRef.current?.destroy(), []);

  useEffect(() => {
    if (!config.error) return;
    console.error('Failed to load Square configuration', config.error);
    setState('failed');
    toast({ title: 'Payment System Error', description: 'Unable to load payment form. Please refresh the page and try again.', variant: 'destructive' });
  }, [config.error, toast]);

  const reload = useCallback(() => {
    if (config.error) void config.refetch();
    setAttempt((n) => n + 1);
  }, [config]);

  return { containerRef, card: cardRef, ready: state === 'ready', state, reload };
}
