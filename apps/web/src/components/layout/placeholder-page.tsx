import { usePageTitle } from '../../lib/use-page-title';

/** A titled page whose content is still to come. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-[1200px] flex-1 px-6 py-16">
      <h1 className="text-3xl font-semibold text-ink">{title}</h1>
    </section>
  );
}
