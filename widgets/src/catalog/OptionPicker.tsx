import { useId, type ReactNode } from 'react';
import type { Product } from '../api/products';
import { valueState, type Choice } from '../lib/variants';

/**
 * One group of buttons per option (Size: S M L), labelled by the option's name, the chosen value
 * pressed. A sold-out value is struck through but can still be chosen (to ask for an email when it
 * is back); a value no variant on sale has cannot. `guide` (the size guide's link) stands after
 * the first option's name, on its line, beside the values it speaks of.
 */
export function OptionPicker({ product, choice, onChoose, guide }: { product: Product; choice: Choice; onChoose: (option: string, value: string) => void; guide?: ReactNode }) {
  const id = useId();
  return (
    <div className="options">
      {product.options.map((option, i) => (
        <div key={option.name} className="option" role="group" aria-labelledby={`${id}-${i}`}>
          <div className="option__head">
            <p id={`${id}-${i}`} className="option__name">
              {option.name}
              {choice[option.name] && <span className="muted">: {choice[option.name]}</span>}
            </p>
            {i === 0 && guide}
          </div>
          <div className="option__values">
            {option.values.map((value) => {
              const state = valueState(product, choice, option.name, value);
              return (
                <button
                  key={value}
                  type="button"
                  className={`option__value option__value--${state}`}
                  aria-pressed={choice[option.name] === value}
                  disabled={state === 'none'}
                  onClick={() => onChoose(option.name, value)}
                >
                  {value}
                  {state !== 'available' && <span className="visually-hidden">, {state === 'none' ? 'unavailable' : 'sold out'}</span>}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
