import { Quote } from 'lucide-react';
import { FadeIn } from '../../../components/ui/fade-in';

const TESTIMONIALS = [
  {
    quote:
      'For the first time our principals look at the same attendance and results figures every Monday. The board meeting went from arguing about numbers to deciding what to do about them.',
    name: 'Meenakshi Pillai',
    role: 'Director of Academics, a Pune school group',
  },
  {
    quote:
      'Insightra’s demand forecast cut our spare-parts stock-outs by a third in one quarter, and our own analysts now retrain the model themselves.',
    name: 'Karan Malhotra',
    role: 'Head of After-Sales, an automobile dealership network',
  },
  {
    quote:
      'They asked better questions about our guests than we had. The occupancy dashboard is now the first thing our revenue team opens each morning.',
    name: 'Sofia D’Souza',
    role: 'Revenue Manager, a boutique hotel chain in Goa',
  },
];

export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="bg-ink py-16 text-white md:py-24"
    >
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-highlight uppercase">Testimonials</p>
          <h2 id="testimonials-title" className="mt-3 text-3xl font-bold sm:text-4xl">
            What our clients say
          </h2>
        </FadeIn>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((t, i) => (
            <FadeIn as="li" key={t.name} delay={i * 80}>
              <figure className="flex h-full flex-col rounded-[var(--radius-card)] border border-white/10 bg-white/5 p-7">
                <Quote aria-hidden="true" className="size-7 text-highlight" />
                <blockquote className="mt-4 flex-1 text-lg leading-8 text-slate-100">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 border-t border-white/10 pt-5">
                  <p className="font-semibold text-white">{t.name}</p>
                  <p className="text-sm text-slate-300">{t.role}</p>
                </figcaption>
              </figure>
            </FadeIn>
          ))}
        </ul>
      </div>
    </section>
  );
}
