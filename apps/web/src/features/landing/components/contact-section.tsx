import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { FadeIn } from '../../../components/ui/fade-in';
import { usePublicConfig } from '../../../lib/public-config';
import { ContactForm } from './contact-form';

/** The office details. Its own component, so the configuration arriving re-renders only this list. */
function ContactDetails() {
  const config = usePublicConfig();
  const details = [
    { icon: Mail, label: 'E-mail', value: config.salesEmail, href: `mailto:${config.salesEmail}` },
    {
      icon: Phone,
      label: 'Phone',
      value: config.salesPhone,
      href: `tel:${config.salesPhone.replace(/\s+/g, '')}`,
    },
    { icon: MapPin, label: 'Office', value: config.officeAddress },
    { icon: Clock, label: 'Hours', value: 'Monday to Friday, 9:30 to 18:30 IST' },
  ];
  return (
    <ul className="mt-8 grid gap-5">
      {details.map((d) => (
        <li key={d.label} className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand ring-1 ring-line">
            <d.icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-ink">{d.label}</p>
            {d.href ? (
              <a href={d.href} className="text-muted underline-offset-4 hover:text-brand hover:underline">
                {d.value}
              </a>
            ) : (
              <p className="text-muted">{d.value}</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-title" className="bg-page py-16 md:py-24">
      <div className="mx-auto grid max-w-[1200px] gap-12 px-4 sm:px-6 lg:grid-cols-[1fr_1.3fr]">
        <FadeIn>
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">Contact</p>
          <h2 id="contact-title" className="mt-3 text-3xl font-bold text-ink sm:text-4xl">
            Tell us about your data
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted">
            Describe the decision you are trying to make. We reply within one business day, usually with a few
            questions and a time for a 30-minute call.
          </p>
          <ContactDetails />
        </FadeIn>
        <FadeIn delay={100}>
          <ContactForm />
        </FadeIn>
      </div>
    </section>
  );
}
