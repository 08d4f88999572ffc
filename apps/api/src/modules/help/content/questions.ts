/**
 * The help centre's questions and answers DealClub ships with (DECISIONS.md, Help: at least 10 in
 * each language): the short answers a new member looks for. Seeded once per database by
 * `help-seed.ts`; admins edit them from there. Markdown.
 */
import type { HelpCategory } from '@dealclub/shared/help-rules';

export interface SeedQuestion {
  slug: string;
  category: HelpCategory;
  question: { en: string; es: string };
  answer: { en: string; es: string };
}

export const HELP_QUESTIONS: readonly SeedQuestion[] = [
  {
    slug: 'can-i-join-without-an-invitation',
    category: 'gettingStarted',
    question: {
      en: 'Can I join DealClub without an invitation?',
      es: '¿Puedo unirme a DealClub sin una invitación?',
    },
    answer: {
      en: `Not directly: DealClub is invitation-only during the beta. Ask a member who knows you, or choose **Request access** on the sign-up page. When there is room we e-mail you a buyer invitation right away; when the club is full you join the waitlist and an admin invites you when a seat opens.`,
      es: `No directamente: DealClub funciona solo por invitación durante la beta. Pídesela a un miembro que te conozca, o elige **Solicitar acceso** en la página de registro. Si hay lugar, te enviamos de inmediato una invitación de comprador por correo; si el club está lleno, entras en la lista de espera y un administrador te invita cuando se libera un lugar.`,
    },
  },
  {
    slug: 'my-invitation-link-does-not-work',
    category: 'gettingStarted',
    question: {
      en: 'My invitation link says it is expired or already used. What now?',
      es: 'Mi enlace de invitación dice que venció o que ya se usó. ¿Qué hago?',
    },
    answer: {
      en: `Each invitation signs up one person and is valid for 90 days. If it was used (perhaps by you, with another e-mail) or has expired, ask the person who invited you for a new link, or request access from the sign-up page. If you already have an account, just sign in.`,
      es: `Cada invitación registra a una persona y vale 90 días. Si ya se usó (quizá por ti, con otro correo) o venció, pide un enlace nuevo a quien te invitó, o solicita acceso desde la página de registro. Si ya tienes una cuenta, simplemente inicia sesión.`,
    },
  },
  {
    slug: 'what-is-an-entry-fee',
    category: 'dealTypes',
    question: {
      en: 'What is an entry fee?',
      es: '¿Qué es una cuota de entrada?',
    },
    answer: {
      en: `The entry fee is the cash a buyer pays the seller at closing to take over a creative deal: for example the seller's equity or arrears on a subject-to deal, or the option fee of a lease option. Your **cash to close** is the entry fee plus the earnest money deposit (EMD). Deals with a low entry fee carry the tag *Low entry fee* (up to $25,000) or *Super low entry fee* (up to $10,000).`,
      es: `La cuota de entrada es el efectivo que el comprador paga al vendedor al cierre para asumir una operación creativa: por ejemplo, el capital del vendedor o los pagos atrasados en una operación subject-to, o la prima de opción de un arrendamiento con opción a compra. Tu **efectivo para cerrar** es la cuota de entrada más el depósito de buena fe (EMD). Las oportunidades con una cuota baja llevan la etiqueta *Cuota de entrada baja* (hasta $25,000) o *Cuota de entrada muy baja* (hasta $10,000).`,
    },
  },
  {
    slug: 'what-does-due-on-sale-mean',
    category: 'dealTypes',
    question: {
      en: 'What does the due-on-sale risk on a subject-to deal mean for me?',
      es: '¿Qué significa para mí el riesgo de vencimiento por venta en una operación subject-to?',
    },
    answer: {
      en: `Most mortgages allow the lender to demand the full balance when the property changes hands. Buying subject-to the seller's loan can trigger that clause. If the lender calls the loan, you must pay it off or refinance. Your offer on a subject-to or hybrid deal must acknowledge this risk; read the article *Subject-to deals and the due-on-sale clause* and the training lesson before offering.`,
      es: `La mayoría de las hipotecas permiten al prestamista exigir todo el saldo cuando la propiedad cambia de manos. Comprar sujeto al préstamo del vendedor puede activar esa cláusula. Si el prestamista exige el préstamo, tendrás que liquidarlo o refinanciarlo. Tu oferta en una operación subject-to o híbrida debe aceptar este riesgo; lee el artículo *Operaciones subject-to y la cláusula de vencimiento por venta* y la lección de la capacitación antes de ofertar.`,
    },
  },
  {
    slug: 'can-i-change-my-offer',
    category: 'offers',
    question: {
      en: 'Can I change my offer after sending it?',
      es: '¿Puedo cambiar mi oferta después de enviarla?',
    },
    answer: {
      en: `Yes, while the deal still takes offers: make a new offer on the same deal and it replaces your open one (you have one open offer per deal). The seller sees the new terms and the history keeps the old ones. Once an offer is accepted, the deal is pending and takes no new offers; talk to the seller in the deal's conversation.`,
      es: `Sí, mientras la oportunidad siga aceptando ofertas: haz una nueva oferta en la misma oportunidad y reemplaza a la que tienes abierta (tienes una oferta abierta por oportunidad). El vendedor ve las nuevas condiciones y el historial conserva las anteriores. Cuando se acepta una oferta, la oportunidad queda pendiente y no acepta nuevas ofertas; habla con el vendedor en la conversación de la oportunidad.`,
    },
  },
  {
    slug: 'why-can-i-not-make-an-offer',
    category: 'offers',
    question: {
      en: "Why can't I make an offer on this deal?",
      es: '¿Por qué no puedo hacer una oferta en esta oportunidad?',
    },
    answer: {
      en: `One of these applies:
- The deal is **pending** (the seller accepted an offer) or **sold**, **canceled** or removed.
- It is **your own** deal.
- It is a **cash** deal and you chose a creative offer: cash deals take cash offers only.
- Your account is a seller-only account: offers are made by buyers, owners and admins.
- You sent many interests and offers in a minute; wait a moment and try again.`,
      es: `Se da uno de estos casos:
- La oportunidad está **pendiente** (el vendedor aceptó una oferta), **vendida**, **cancelada** o se eliminó.
- Es **tu propia** oportunidad.
- Es una oportunidad **de contado** y elegiste una oferta creativa: las de contado solo aceptan ofertas de contado.
- Tu cuenta es solo de vendedor: las ofertas las hacen compradores, propietarios y administradores.
- Enviaste muchos intereses y ofertas en un minuto; espera un momento y vuelve a intentarlo.`,
    },
  },
  {
    slug: 'how-long-does-a-counter-offer-last',
    category: 'offers',
    question: {
      en: 'How long do I have to answer a counter-offer?',
      es: '¿Cuánto tiempo tengo para responder una contraoferta?',
    },
    answer: {
      en: `72 hours from the moment the seller sent it. Accept it and the deal becomes pending on the counter's terms; decline it and your original offer stays open. If the seller sends a newer counter, only the newest can be accepted. An expired counter can no longer be accepted, but your offer stays open.`,
      es: `72 horas desde que el vendedor la envió. Si la aceptas, la oportunidad queda pendiente con las condiciones de la contraoferta; si la rechazas, tu oferta original sigue abierta. Si el vendedor envía una contraoferta más nueva, solo se puede aceptar la última. Una contraoferta vencida ya no se puede aceptar, pero tu oferta sigue abierta.`,
    },
  },
  {
    slug: 'why-is-the-address-hidden',
    category: 'privacy',
    question: {
      en: 'Why does a deal say "Address undisclosed"?',
      es: '¿Por qué una oportunidad dice "Dirección no revelada"?',
    },
    answer: {
      en: `The seller chose to hide the street address, which is common for off-market deals. You see the city, state and ZIP code. The street address is shown to the buyer whose offer the seller accepts; until then, ask the seller in the deal's conversation if you need more detail.`,
      es: `El vendedor eligió ocultar la dirección, algo habitual en operaciones fuera del mercado. Ves la ciudad, el estado y el código postal. La dirección se muestra al comprador cuya oferta acepta el vendedor; mientras tanto, si necesitas más detalles, pregúntale al vendedor en la conversación de la oportunidad.`,
    },
  },
  {
    slug: 'who-sees-my-contact-details',
    category: 'privacy',
    question: {
      en: 'Who can see my e-mail address and phone number?',
      es: '¿Quién puede ver mi correo y mi número de teléfono?',
    },
    answer: {
      en: `The seller of a deal you show interest in or make an offer on, so they can reach you (they appear in that seller's lists and exports), and DealClub's admins. Other buyers never see them. On the public ZIP analytics page, buyers appear by first name and last initial only.`,
      es: `El vendedor de una oportunidad en la que muestras interés u ofertas, para que pueda contactarte (aparecen en las listas y exportaciones de ese vendedor), y los administradores de DealClub. Los demás compradores nunca los ven. En la página pública de estadísticas por código postal, los compradores aparecen solo con su nombre y la inicial del apellido.`,
    },
  },
  {
    slug: 'how-do-i-become-a-certified-buyer',
    category: 'training',
    question: {
      en: 'How do I become a Certified Buyer?',
      es: '¿Cómo me convierto en Comprador Certificado?',
    },
    answer: {
      en: `Complete every lesson of the buyer training (**Training** in the menu), in order, answering each lesson's quiz correctly. The badge is granted the moment you complete the last one and stays even if lessons are added later. Certified Buyers whose preferences or buy box match a deal see exclusive deals first.`,
      es: `Completa todas las lecciones de la capacitación para compradores (**Capacitación** en el menú), en orden, respondiendo bien el cuestionario de cada lección. La insignia se otorga en cuanto completas la última y se conserva aunque después se agreguen lecciones. Los Compradores Certificados cuyas preferencias o buy box coinciden con una oportunidad ven primero las oportunidades exclusivas.`,
    },
  },
  {
    slug: 'why-am-i-not-getting-deal-alerts',
    category: 'alerts',
    question: {
      en: 'Why am I not getting deal alerts?',
      es: '¿Por qué no recibo alertas de oportunidades?',
    },
    answer: {
      en: `Check, in this order:
1. **Buyer preferences** or a **buy box** are saved: alerts go only to buyers a deal matches, and every limit you set must be met.
2. In the **Preferences** tab, at least one notification channel is chosen, and **Deal alert e-mails** is ticked (an unsubscribe link turns it off).
3. Your frequency: a daily digest or weekly summary arrives at its hour, not at once.
4. SMS needs a phone number and waits through the night; push needs your browser's permission.

Also look in your e-mail's spam folder for messages from DealClub.`,
      es: `Revisa, en este orden:
1. Tienes guardadas tus **preferencias de comprador** o un **buy box**: las alertas solo llegan a los compradores con los que coincide una oportunidad, y debe cumplirse cada límite que fijaste.
2. En la pestaña **Preferencias** hay al menos un canal de notificación elegido y está marcado **Correos de alertas de oportunidades** (el enlace para darte de baja lo desactiva).
3. Tu frecuencia: un resumen diario o semanal llega a su hora, no al instante.
4. El SMS necesita un número de teléfono y espera durante la noche; el push necesita el permiso de tu navegador.

Mira también en la carpeta de correo no deseado si hay mensajes de DealClub.`,
    },
  },
  {
    slug: 'how-do-i-verify-a-webhook',
    category: 'exportsAndWebhooks',
    question: {
      en: 'How do I check that a webhook call really came from DealClub?',
      es: '¿Cómo compruebo que una llamada de webhook viene de verdad de DealClub?',
    },
    answer: {
      en: `Read \`t\` and \`v1\` from the \`X-Webhook-Signature\` header. Compute HMAC-SHA256 of the text \`<t>.<raw body>\` with your signing secret, in hex, and compare it with \`v1\` using a constant-time comparison. Refuse the call if they differ or if \`t\` is more than a few minutes old. Use \`X-Webhook-Id\` to ignore a delivery you already processed.`,
      es: `Lee \`t\` y \`v1\` de la cabecera \`X-Webhook-Signature\`. Calcula el HMAC-SHA256 del texto \`<t>.<cuerpo sin modificar>\` con tu secreto de firma, en hexadecimal, y compáralo con \`v1\` usando una comparación de tiempo constante. Rechaza la llamada si no coinciden o si \`t\` tiene más de unos minutos. Usa \`X-Webhook-Id\` para ignorar una entrega que ya procesaste.`,
    },
  },
  {
    slug: 'why-do-csv-cells-start-with-an-apostrophe',
    category: 'exportsAndWebhooks',
    question: {
      en: 'Why do some cells of my CSV export start with an apostrophe?',
      es: '¿Por qué algunas celdas de mi exportación CSV empiezan con un apóstrofo?',
    },
    answer: {
      en: `Text that starts with =, +, -, @, a tab or a carriage return could be run as a formula by a spreadsheet. DealClub adds an apostrophe in front so it stays plain text and cannot run anything on your computer. The rest of the cell is exactly what the buyer wrote.`,
      es: `Un texto que empieza con =, +, -, @, un tabulador o un retorno de carro podría ejecutarse como fórmula en una hoja de cálculo. DealClub añade un apóstrofo delante para que siga siendo texto y no pueda ejecutar nada en tu computadora. El resto de la celda es exactamente lo que escribió el comprador.`,
    },
  },
  {
    slug: 'how-do-i-change-the-language',
    category: 'account',
    question: {
      en: 'How do I switch DealClub to Spanish or English?',
      es: '¿Cómo cambio DealClub a español o a inglés?',
    },
    answer: {
      en: `Use the language selector in the header, on any page. When you are signed in, the choice is saved to your account (also in your profile's **Preferences** tab), so your e-mails, alerts, training and help articles follow it.`,
      es: `Usa el selector de idioma del encabezado, en cualquier página. Con la sesión iniciada, la elección se guarda en tu cuenta (también en la pestaña **Preferencias** de tu perfil), así que tus correos, alertas, capacitación y artículos de ayuda la siguen.`,
    },
  },
];
