import type { ComponentProps } from 'react';
import { classNames } from './class-names.ts';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent-bg text-on-accent border-transparent hover:brightness-110',
  secondary: 'bg-panel text-ink border-line hover:bg-raised',
  ghost: 'bg-transparent text-ink border-transparent hover:bg-raised',
};

export function Button({
  variant = 'secondary',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={classNames(
        'inline-flex items-center justify-center gap-1.5 rounded-md border px-3 py-1.5 font-medium',
        'cursor-pointer transition-colors disabled:cursor-not-allowed disabled:opacity-55 disabled:hover:brightness-100',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
