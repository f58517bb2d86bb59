import { FadeIn } from '../../../components/ui/fade-in';
import { GeometricPortrait } from './geometric-portrait';

const TEAM = [
  {
    name: 'Ananya Deshpande',
    role: 'Founder and Principal Consultant',
    bio: 'Fifteen years in education analytics; leads every engagement’s first workshop.',
  },
  {
    name: 'Rohan Mehta',
    role: 'Head of Data Engineering',
    bio: 'Builds the pipelines and warehouses that keep dashboards honest and fast.',
  },
  {
    name: 'Farah Qureshi',
    role: 'Lead Machine Learning Engineer',
    bio: 'Turns forecasting and churn models from notebooks into services people rely on.',
  },
  {
    name: 'Vikram Iyer',
    role: 'Business Intelligence Lead',
    bio: 'Designs reports that answer the question on the first screen, not the fifth.',
  },
];

export function TeamSection() {
  return (
    <section id="team" aria-labelledby="team-title" className="bg-page py-16 md:py-24">
      <div className="mx-auto max-w-[1200px] px-4 sm:px-6">
        <FadeIn className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">Team</p>
          <h2 id="team-title" className="mt-3 text-3xl font-bold text-ink sm:text-4xl">
            The people you will work with
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted">
            No hand-offs to a junior bench: the people in your first meeting are the people who build your
            solution.
          </p>
        </FadeIn>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((person, i) => (
            <FadeIn as="li" key={person.name} delay={i * 80}>
              <article className="h-full overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]">
                <div className="aspect-[2/1] overflow-hidden sm:aspect-[4/3]">
                  <GeometricPortrait name={person.name} />
                </div>
                <div className="p-5">
                  <h3 className="text-lg font-semibold text-ink">{person.name}</h3>
                  <p className="text-sm font-medium text-brand">{person.role}</p>
                  <p className="mt-3 text-sm leading-6 text-muted">{person.bio}</p>
                </div>
              </article>
            </FadeIn>
          ))}
        </ul>
      </div>
    </section>
  );
}
