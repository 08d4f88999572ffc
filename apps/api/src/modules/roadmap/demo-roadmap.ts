/**
 * A few demo roadmap items in both languages, one status each at least, so `/features` has
 * something to read and vote on in demo mode.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roadmapItems } from '../../db/schema';
import type { Seed } from '../../db/seed';
import { createItem, type RoadmapItemInput } from './service';

export const DEMO_ROADMAP_ITEMS: RoadmapItemInput[] = [
  {
    status: 'planned',
    title: { en: 'Saved deal comparisons', es: 'Comparaciones de oportunidades guardadas' },
    description: {
      en: 'Put up to four deals side by side and keep the comparison to come back to.',
      es: 'Pon hasta cuatro oportunidades una junto a otra y guarda la comparación para volver a ella.',
    },
  },
  {
    status: 'planned',
    title: { en: 'Text message alerts for new deals', es: 'Alertas por SMS de oportunidades nuevas' },
    description: {
      en: 'Get a text message when a deal that fits your buy box is published.',
      es: 'Recibe un SMS cuando se publique una oportunidad que encaje con tus criterios de compra.',
    },
  },
  {
    status: 'in_progress',
    title: { en: 'Document checklist per deal', es: 'Lista de documentos por oportunidad' },
    description: {
      en: 'See which documents a seller has shared and which are still missing before you offer.',
      es: 'Consulta qué documentos ha compartido el vendedor y cuáles faltan antes de hacer una oferta.',
    },
  },
  {
    status: 'done',
    title: { en: 'Help Center in English and Spanish', es: 'Centro de ayuda en inglés y español' },
    description: {
      en: 'Search articles and questions about deal types, offers and your account in either language.',
      es: 'Busca artículos y preguntas sobre tipos de operación, ofertas y tu cuenta en cualquiera de los dos idiomas.',
    },
  },
];

export const demoRoadmapSeed: Seed = {
  name: 'demo-roadmap',
  async run(db: Db) {
    const [existing] = await db.select({ n: count() }).from(roadmapItems);
    if ((existing?.n ?? 0) > 0) return;
    for (const item of DEMO_ROADMAP_ITEMS) await createItem(db, item, null);
  },
};
