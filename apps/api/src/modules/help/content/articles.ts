/**
 * The help articles DealClub ships with (DECISIONS.md, Help: at least 10 in each language), for a
 * new member of an invitation-only creative-finance marketplace. Seeded once per database by
 * `help-seed.ts`; admins edit them from there. Markdown; facts as the product works (DECISIONS.md,
 * decisions 007–017).
 */
import type { HelpCategory } from '@dealclub/shared/help-rules';

export interface SeedArticle {
  slug: string;
  category: HelpCategory;
  title: { en: string; es: string };
  body: { en: string; es: string };
}

export const HELP_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'how-invitations-work',
    category: 'gettingStarted',
    title: {
      en: 'How invitations work',
      es: 'Cómo funcionan las invitaciones',
    },
    body: {
      en: `DealClub is invitation-only while it is in beta. Every account starts from an invitation, and the invitation decides the account's role: buyer, seller (originator) or owner.

## Getting an invitation

- **From a member.** Sellers invite buyers and sellers; owners invite buyers, sellers and owners; admins invite anyone. Buyers do not send invitations.
- **By requesting access.** On the sign-up page, choose **Request access** and leave your name, e-mail and phone. When there is room, we e-mail you a buyer invitation at once. When the club is full, you join the waitlist and an admin invites you as soon as a seat opens.

## Using your invitation

1. Open the link in your invitation e-mail (or paste the link or code on the sign-up page).
2. Create your account with your e-mail and a password.
3. Complete your profile: name and phone first, then your buyer preferences, buy box or seller preferences, depending on your role. Until your profile is complete, DealClub brings you back to it.

## Good to know

- Each invitation link signs up **one** person and is valid for **90 days**. After that it shows as expired; ask for a new one.
- Members create invitations in batches (10 by default) in the **Owners Club**, under **Team invitations**, and copy each link to the person they invite.
- An invitation that was already used cannot be used again.`,
      es: `DealClub funciona solo por invitación mientras está en beta. Toda cuenta nace de una invitación, y la invitación decide el rol de la cuenta: comprador, vendedor (originador) o propietario.

## Cómo conseguir una invitación

- **De un miembro.** Los vendedores invitan a compradores y vendedores; los propietarios invitan a compradores, vendedores y propietarios; los administradores invitan a cualquiera. Los compradores no envían invitaciones.
- **Solicitando acceso.** En la página de registro, elige **Solicitar acceso** y deja tu nombre, correo y teléfono. Si hay lugar, te enviamos al momento una invitación de comprador por correo. Si el club está lleno, entras en la lista de espera y un administrador te invita en cuanto se libera un lugar.

## Cómo usar tu invitación

1. Abre el enlace de tu correo de invitación (o pega el enlace o el código en la página de registro).
2. Crea tu cuenta con tu correo y una contraseña.
3. Completa tu perfil: primero nombre y teléfono, después tus preferencias de comprador, tu buy box o tus preferencias de vendedor, según tu rol. Hasta que tu perfil esté completo, DealClub te devuelve a él.

## Conviene saber

- Cada enlace de invitación registra a **una** persona y vale **90 días**. Después aparece como vencido; pide uno nuevo.
- Los miembros crean invitaciones en lotes (10 por defecto) en el **Club de propietarios**, en **Invitaciones del equipo**, y copian cada enlace para la persona que invitan.
- Una invitación ya usada no se puede volver a usar.`,
    },
  },
  {
    slug: 'deal-types-at-a-glance',
    category: 'dealTypes',
    title: {
      en: 'Deal types at a glance: cash, subject-to, seller finance, hybrid and lease option',
      es: 'Tipos de operación de un vistazo: contado, subject-to, financiamiento del vendedor, híbrida y arrendamiento con opción a compra',
    },
    body: {
      en: `Every deal on DealClub is either **cash** or **creative**. A creative deal has one of four purchase types. The deal page shows the terms, the deal math (cash to close, estimated equity, total monthly payment, months to the earliest balloon) and the risks you must acknowledge before offering.

## Cash
You pay the purchase price at closing, with your own money or your own financing. Cash deals take cash offers only.

## Subject-to (SubTo)
You take title while the seller's existing mortgage stays in place, and you make its payments. You pay the seller an **entry fee**. The listing shows the loan type (Conventional, FHA or VA), rate, balance, maturity date and PITI. Main risk: the lender's **due-on-sale clause**.

## Seller finance
The seller is your lender: you pay them principal and interest on a seller loan. The listing shows the loan amount, rate, monthly payment, maturity and how title passes (deed transfer or executory contract). Main risk: a **balloon** at maturity.

## Hybrid
Subject-to and seller finance together: you take over the existing loan and the seller carries part of their equity as a second loan. You carry the risks of both.

## Lease option
You rent the home with the right (not the obligation) to buy it at a set price within the option term. You pay a **non-refundable option fee**, and part of your rent may be credited toward the price.

## Which offers a deal takes
Cash deals take cash offers. Creative deals take cash **or** creative offers: a cash offer names a purchase price, a creative offer names an entry fee.

Each type has its own article in this category, and the buyer training course covers all of them.`,
      es: `Toda oportunidad en DealClub es **de contado** o **creativa**. Una oportunidad creativa tiene uno de cuatro tipos de compra. La página de la oportunidad muestra las condiciones, los números de la operación (efectivo para cerrar, capital estimado, pago mensual total, meses hasta el primer pago global) y los riesgos que debes aceptar antes de ofertar.

## Contado
Pagas el precio de compra al cierre, con tu dinero o con tu propio financiamiento. Las oportunidades de contado solo aceptan ofertas de contado.

## Subject-to (sujeto a la hipoteca)
Recibes el título mientras la hipoteca existente del vendedor sigue vigente, y tú haces sus pagos. Pagas al vendedor una **cuota de entrada**. El anuncio muestra el tipo de préstamo (Convencional, FHA o VA), la tasa, el saldo, la fecha de vencimiento y el PITI. Riesgo principal: la **cláusula de vencimiento por venta** del prestamista.

## Financiamiento del vendedor
El vendedor es tu prestamista: le pagas capital e intereses de un préstamo del vendedor. El anuncio muestra el monto, la tasa, el pago mensual, el vencimiento y cómo se transmite el título (transferencia de escritura o contrato de compraventa a plazos). Riesgo principal: un **pago global** al vencimiento.

## Híbrida
Subject-to y financiamiento del vendedor juntos: asumes el préstamo existente y el vendedor financia parte de su capital como un segundo préstamo. Llevas los riesgos de ambos.

## Arrendamiento con opción a compra
Alquilas la vivienda con el derecho (no la obligación) de comprarla a un precio fijado dentro del plazo de la opción. Pagas una **prima de opción no reembolsable**, y parte de tu renta puede acreditarse al precio.

## Qué ofertas acepta una oportunidad
Las oportunidades de contado aceptan ofertas de contado. Las creativas aceptan ofertas de contado **o** creativas: una oferta de contado indica un precio de compra; una creativa, una cuota de entrada.

Cada tipo tiene su propio artículo en esta categoría, y el curso de capacitación para compradores los cubre todos.`,
    },
  },
  {
    slug: 'subject-to-and-the-due-on-sale-clause',
    category: 'dealTypes',
    title: {
      en: 'Subject-to deals and the due-on-sale clause',
      es: 'Operaciones subject-to y la cláusula de vencimiento por venta',
    },
    body: {
      en: `In a subject-to purchase you take ownership "subject to" the seller's existing mortgage: the loan stays in the seller's name and you make its payments. You pay the seller an **entry fee** to take over.

## What the listing tells you
- **Loan type**: Conventional, FHA or VA.
- **Interest rate** and **loan balance**.
- **Loan maturity date**: when the loan must be paid off.
- **PITI**: the monthly principal, interest, taxes and insurance.
- **Entry fee**: what you pay the seller at closing. Cash to close is the entry fee plus the earnest money deposit (EMD).

## The due-on-sale clause
Most mortgages let the lender demand the whole balance when the property is sold or transferred. Taking title subject-to the loan can trigger that clause. Lenders rarely call a loan that is paid on time, but they can — and if they do, you must pay off or refinance the loan. That is why every subject-to (and hybrid) offer asks you to acknowledge the **due-on-sale** risk.

## Protect yourself
- Close through a title company or an attorney who handles subject-to transactions.
- Confirm the balance, payment and any arrears with a recent mortgage statement. A deal marked **Terms verified** had its statement checked by an admin against the listed loan fields.
- Keep the insurance in force and name yourself on it as the advisors recommend.
- Set up payments so you can prove every one was made on time.
- Plan how you would refinance if the loan were called.

DealClub is a marketplace, not a lender or legal adviser: have your own professionals review every deal.`,
      es: `En una compra subject-to recibes la propiedad "sujeta" a la hipoteca existente del vendedor: el préstamo sigue a nombre del vendedor y tú haces sus pagos. Pagas al vendedor una **cuota de entrada** para asumirla.

## Qué te dice el anuncio
- **Tipo de préstamo**: Convencional, FHA o VA.
- **Tasa de interés** y **saldo del préstamo**.
- **Fecha de vencimiento del préstamo**: cuándo hay que liquidarlo.
- **PITI**: el pago mensual de capital, intereses, impuestos y seguro.
- **Cuota de entrada**: lo que pagas al vendedor al cierre. El efectivo para cerrar es la cuota de entrada más el depósito de buena fe (EMD).

## La cláusula de vencimiento por venta
La mayoría de las hipotecas permiten al prestamista exigir todo el saldo cuando la propiedad se vende o se transfiere. Recibir el título sujeto al préstamo puede activar esa cláusula. Los prestamistas rara vez la ejecutan si el préstamo se paga a tiempo, pero pueden hacerlo, y entonces tendrás que liquidar o refinanciar el préstamo. Por eso toda oferta subject-to (e híbrida) te pide aceptar el riesgo de **vencimiento por venta**.

## Cómo protegerte
- Cierra con una compañía de títulos o un abogado que maneje operaciones subject-to.
- Confirma el saldo, el pago y cualquier atraso con un estado de cuenta reciente de la hipoteca. Una oportunidad marcada como **Términos verificados** tuvo su estado de cuenta revisado por un administrador frente a los datos del préstamo anunciados.
- Mantén el seguro vigente e inclúyete en la póliza como te recomienden tus asesores.
- Organiza los pagos de modo que puedas demostrar que cada uno se hizo a tiempo.
- Planifica cómo refinanciarías si el prestamista exigiera el préstamo.

DealClub es un mercado, no un prestamista ni un asesor legal: haz que tus propios profesionales revisen cada operación.`,
    },
  },
  {
    slug: 'seller-finance-and-balloon-payments',
    category: 'dealTypes',
    title: {
      en: 'Seller finance and balloon payments',
      es: 'Financiamiento del vendedor y pagos globales',
    },
    body: {
      en: `With seller finance, the seller lends you part of the price and you repay them instead of a bank.

## What the listing tells you
- **Seller loan amount** and **seller interest rate**.
- **PI monthly payment**: principal and interest you pay the seller.
- **Seller loan maturity**: the date the rest of the loan is due.
- **Deed transfer type**: a *deed transfer* gives you title at closing; with an *executory contract* (contract for deed) the seller keeps title until you finish paying.

## Balloons
Seller loans are often short: the monthly payment is computed as if the loan ran for decades, but the loan **matures** after a few years and the remaining balance — the **balloon** — is due in one payment. When a seller loan (or an existing loan) matures within five years, the deal shows a **balloon / maturity** risk and the amount estimated to be due then, and your offer must acknowledge it.

## Before you offer
- Check the deal math: total monthly payment and months to the earliest balloon.
- Plan how you will pay the balloon: refinance, sale or savings. Lending conditions can change before then.
- With an executory contract, ask a local attorney what happens if you miss a payment: you may not hold title yet.
- Close through a title company or attorney and record the documents your state allows.`,
      es: `Con el financiamiento del vendedor, el vendedor te presta parte del precio y le pagas a él en lugar de a un banco.

## Qué te dice el anuncio
- **Monto del préstamo del vendedor** y **tasa de interés del vendedor**.
- **Pago mensual de capital e intereses (PI)** que le pagas al vendedor.
- **Vencimiento del préstamo del vendedor**: la fecha en que vence el resto del préstamo.
- **Tipo de transmisión del título**: con una *transferencia de escritura* recibes el título al cierre; con un *contrato de compraventa a plazos* el vendedor conserva el título hasta que terminas de pagar.

## Pagos globales
Los préstamos del vendedor suelen ser cortos: el pago mensual se calcula como si el préstamo durara décadas, pero el préstamo **vence** a los pocos años y el saldo restante, el **pago global**, se paga de una sola vez. Cuando un préstamo del vendedor (o un préstamo existente) vence dentro de cinco años, la oportunidad muestra el riesgo de **pago global / vencimiento** y el monto estimado que se deberá entonces, y tu oferta debe aceptarlo.

## Antes de ofertar
- Revisa los números de la operación: el pago mensual total y los meses hasta el primer pago global.
- Planifica cómo pagarás el pago global: refinanciamiento, venta o ahorros. Las condiciones de crédito pueden cambiar antes de esa fecha.
- Con un contrato de compraventa a plazos, pregunta a un abogado local qué pasa si te atrasas en un pago: quizá todavía no tengas el título.
- Cierra con una compañía de títulos o un abogado y registra los documentos que permita tu estado.`,
    },
  },
  {
    slug: 'hybrid-deals',
    category: 'dealTypes',
    title: {
      en: 'Hybrid deals: subject-to plus seller financing',
      es: 'Operaciones híbridas: subject-to más financiamiento del vendedor',
    },
    body: {
      en: `A hybrid deal combines two creative structures. You take over the seller's existing mortgage **subject-to**, and the seller finances part of their remaining equity with a **seller loan**. You make two payments: the existing loan's PITI and the seller loan's principal and interest.

## Why hybrids exist
They let a seller with equity sell without being paid in full at closing, and let a buyer keep a low existing rate while bringing less cash than the full equity.

## What to read on the listing
Everything of both types: loan type, rate, balance, maturity and PITI of the existing loan; amount, rate, payment, maturity and deed transfer type of the seller loan; and the entry fee. The **total monthly payment** of the deal math adds both payments plus any HOA and solar fees.

## Risks
A hybrid carries the risks of both parts: the **due-on-sale** clause of the existing loan and the **balloon** of the seller loan, if it matures within five years. Your creative offer must acknowledge each risk the deal shows.

The **effective price** the seller sees on your offer is your entry fee plus the loans you take over, with the seller-financed part shown on its own.`,
      es: `Una operación híbrida combina dos estructuras creativas. Asumes la hipoteca existente del vendedor **subject-to**, y el vendedor financia parte de su capital restante con un **préstamo del vendedor**. Haces dos pagos: el PITI del préstamo existente y el capital e intereses del préstamo del vendedor.

## Por qué existen
Permiten a un vendedor con capital vender sin cobrar todo al cierre, y a un comprador conservar una tasa existente baja aportando menos efectivo que todo el capital.

## Qué leer en el anuncio
Todo lo de ambos tipos: tipo de préstamo, tasa, saldo, vencimiento y PITI del préstamo existente; monto, tasa, pago, vencimiento y tipo de transmisión del título del préstamo del vendedor; y la cuota de entrada. El **pago mensual total** de los números de la operación suma ambos pagos más las cuotas de HOA y de paneles solares, si las hay.

## Riesgos
Una híbrida lleva los riesgos de ambas partes: la cláusula de **vencimiento por venta** del préstamo existente y el **pago global** del préstamo del vendedor, si vence dentro de cinco años. Tu oferta creativa debe aceptar cada riesgo que muestre la oportunidad.

El **precio efectivo** que el vendedor ve en tu oferta es tu cuota de entrada más los préstamos que asumes, con la parte financiada por el vendedor indicada aparte.`,
    },
  },
  {
    slug: 'lease-options',
    category: 'dealTypes',
    title: {
      en: 'Lease options: renting with the right to buy',
      es: 'Arrendamiento con opción a compra: alquilar con derecho a comprar',
    },
    body: {
      en: `A lease option is two agreements: a lease, and an option to buy the home at a set price before a deadline. You may buy; you do not have to.

## What the listing tells you
- **Option fee**: paid up front for the right to buy. It is **non-refundable** if you do not buy. The listing says whether it is deducted from the price when you do.
- **Option sale price** and **option term** (at least one year).
- **Monthly lease payment**, and whether part of it is **credited** toward the price (and how much a month).
- The lease terms: security deposit, pets and pet fee, utilities and appliances included, whether subleasing is allowed.

## Risks
- If you do not buy before the option ends, you lose the option fee and any rent credits.
- You still need the money or financing to buy at the end of the term.
- The home stays the seller's until you exercise the option: ask what happens if the seller's mortgage or taxes go unpaid.

Your offer on a lease option acknowledges the **non-refundable option fee**. In the offer, the entry fee is the option fee you propose.`,
      es: `Un arrendamiento con opción a compra son dos acuerdos: un contrato de alquiler y una opción para comprar la vivienda a un precio fijado antes de una fecha límite. Puedes comprar; no estás obligado.

## Qué te dice el anuncio
- **Prima de opción**: se paga por adelantado a cambio del derecho a comprar. **No es reembolsable** si no compras. El anuncio indica si se descuenta del precio cuando compras.
- **Precio de venta de la opción** y **plazo de la opción** (al menos un año).
- **Pago mensual del alquiler**, y si una parte se **acredita** al precio (y cuánto por mes).
- Las condiciones del alquiler: depósito de garantía, mascotas y cuota por mascotas, servicios y electrodomésticos incluidos, si se permite subarrendar.

## Riesgos
- Si no compras antes de que termine la opción, pierdes la prima de opción y los créditos de renta.
- Al final del plazo necesitarás el dinero o el financiamiento para comprar.
- La vivienda sigue siendo del vendedor hasta que ejerzas la opción: pregunta qué pasa si la hipoteca o los impuestos del vendedor quedan sin pagar.

Tu oferta sobre un arrendamiento con opción a compra acepta la **prima de opción no reembolsable**. En la oferta, la cuota de entrada es la prima de opción que propones.`,
    },
  },
  {
    slug: 'making-an-offer',
    category: 'offers',
    title: {
      en: 'Making an offer',
      es: 'Cómo hacer una oferta',
    },
    body: {
      en: `You make offers from the deal page, under **Make an offer**. Buyers, owners and admins can offer; nobody can offer on their own deal.

## Cash or creative
- A **cash offer** names a **purchase price**. Cash deals take cash offers only.
- A **creative offer** names an **entry fee**: what you pay the seller at closing to take over the terms. Creative deals take cash or creative offers.

## What you fill in
- The amount (whole dollars).
- The **estimated close date**: from today up to two years ahead. Escrow typically closes in 30 days or less.
- An optional message to the seller (up to 2,000 characters).
- For a creative offer, a tick for **every risk** the deal shows (due-on-sale, balloon, option fee, HOA approval, solar lease). If the seller changes the terms while you are writing, you are asked to read and acknowledge them again.

## After you send it
- The seller is told at once, and may accept it, counter it, or accept another offer.
- You have **one open offer per deal**. Sending a new one replaces the old one; the history is kept.
- Follow your offers under **My offers** on the listings page, and talk to the seller in the deal's conversation.

## When you cannot offer
Pending deals take no new offers (the seller accepted one), and sold, canceled or deleted deals are no longer available. Showing interest and making offers are limited to 20 a minute together, to protect sellers from floods.`,
      es: `Haces ofertas desde la página de la oportunidad, en **Hacer una oferta**. Pueden ofertar los compradores, los propietarios y los administradores; nadie puede ofertar en su propia oportunidad.

## De contado o creativa
- Una **oferta de contado** indica un **precio de compra**. Las oportunidades de contado solo aceptan ofertas de contado.
- Una **oferta creativa** indica una **cuota de entrada**: lo que pagas al vendedor al cierre para asumir las condiciones. Las oportunidades creativas aceptan ofertas de contado o creativas.

## Qué completas
- El monto (en dólares enteros).
- La **fecha estimada de cierre**: desde hoy hasta dos años después. El cierre del depósito en garantía suele tardar 30 días o menos.
- Un mensaje opcional para el vendedor (hasta 2.000 caracteres).
- En una oferta creativa, una marca en **cada riesgo** que muestre la oportunidad (vencimiento por venta, pago global, prima de opción, aprobación de la HOA, arrendamiento de paneles solares). Si el vendedor cambia las condiciones mientras escribes, se te pide leerlas y aceptarlas de nuevo.

## Después de enviarla
- El vendedor recibe aviso al instante, y puede aceptarla, hacer una contraoferta o aceptar otra oferta.
- Tienes **una oferta abierta por oportunidad**. Si envías una nueva, reemplaza a la anterior; el historial se conserva.
- Sigue tus ofertas en **Mis ofertas**, en la página de propiedades, y habla con el vendedor en la conversación de la oportunidad.

## Cuándo no puedes ofertar
Las oportunidades pendientes no aceptan nuevas ofertas (el vendedor ya aceptó una), y las vendidas, canceladas o eliminadas ya no están disponibles. Mostrar interés y hacer ofertas está limitado a 20 por minuto en total, para proteger a los vendedores de envíos masivos.`,
    },
  },
  {
    slug: 'counter-offers-and-accepting',
    category: 'offers',
    title: {
      en: 'Counter-offers and accepting an offer',
      es: 'Contraofertas y cómo aceptar una oferta',
    },
    body: {
      en: `Sellers see every offer on their deal's **Offers** page, side by side: cash to seller at closing, effective price, close date and days to close, whether the buyer is a Certified Buyer, and the risks they acknowledged.

## Accepting
When the seller accepts an offer, the deal becomes **pending**, every other open offer on it is declined, and both sides are notified (in the app, by e-mail and, for the seller, by their webhook). Exactly one offer can be accepted on a deal, even if two people click at the same moment.

## Countering
Instead of accepting, the seller can **counter** an open offer with a new amount, close date and a message.
- The buyer has **72 hours** to accept or decline. After that the counter expires.
- A newer counter replaces the previous one; only the latest can be accepted.
- Accepting a counter accepts the offer on the counter's terms: the deal becomes pending as above.
- Declining a counter leaves the buyer's original offer open.

## If the sale falls through
The seller can **Reactivate** a pending deal. The accepted offer is released, the offers its acceptance declined are open again, and the seller may accept a backup offer at once.

Every step — submitted, replaced, countered, accepted, declined, expired, released — appears in the offer's history, for both sides.`,
      es: `Los vendedores ven todas las ofertas de su oportunidad en la página **Ofertas**, una junto a otra: efectivo para el vendedor al cierre, precio efectivo, fecha de cierre y días hasta el cierre, si el comprador es Comprador Certificado y los riesgos que aceptó.

## Aceptar
Cuando el vendedor acepta una oferta, la oportunidad pasa a **pendiente**, se rechazan todas las demás ofertas abiertas y ambas partes reciben aviso (en la aplicación, por correo y, para el vendedor, por su webhook). Solo se puede aceptar una oferta por oportunidad, aunque dos personas hagan clic al mismo tiempo.

## Contraofertar
En lugar de aceptar, el vendedor puede **contraofertar** una oferta abierta con un nuevo monto, fecha de cierre y un mensaje.
- El comprador tiene **72 horas** para aceptarla o rechazarla. Después, la contraoferta vence.
- Una contraoferta más nueva reemplaza a la anterior; solo se puede aceptar la última.
- Aceptar una contraoferta acepta la oferta con las condiciones de la contraoferta: la oportunidad pasa a pendiente como arriba.
- Rechazar una contraoferta deja abierta la oferta original del comprador.

## Si la venta no se concreta
El vendedor puede **Reactivar** una oportunidad pendiente. La oferta aceptada se libera, las ofertas que su aceptación había rechazado vuelven a estar abiertas y el vendedor puede aceptar una oferta de respaldo de inmediato.

Cada paso (enviada, reemplazada, contraofertada, aceptada, rechazada, vencida, liberada) aparece en el historial de la oferta, para ambas partes.`,
    },
  },
  {
    slug: 'exclusive-window-and-first-right-of-refusal',
    category: 'offers',
    title: {
      en: 'The exclusive window and the first right of refusal',
      es: 'La ventana exclusiva y el derecho de preferencia',
    },
    body: {
      en: `When sellers list a deal, they can offer **first right of refusal**. The deal then starts as **exclusive**.

## Who sees an exclusive deal
For the exclusive window — **48 hours** unless the club set another length — the deal is shown only to **priority buyers**: Certified Buyers whose buyer preferences or buy box match the deal. They are alerted at once, whatever alert frequency they chose, and can show interest and make offers before anyone else.

## After the window
The deal becomes **active** on its own. Every other matching buyer is then alerted at the frequency they chose (real time, daily digest or weekly summary). A buyer is alerted once per deal.

## How to become a priority buyer
1. Complete the buyer training and earn the **Certified Buyer** badge.
2. Keep your buyer preferences and buy box up to date, so deals you want match you.

Sellers see how many priority buyers a deal has when they create it and on the deal page. A seller can also move an exclusive deal to active before the window ends.`,
      es: `Cuando un vendedor publica una oportunidad, puede ofrecer **derecho de preferencia**. La oportunidad empieza entonces como **exclusiva**.

## Quién ve una oportunidad exclusiva
Durante la ventana exclusiva (**48 horas**, salvo que el club haya fijado otra duración), la oportunidad solo se muestra a los **compradores prioritarios**: Compradores Certificados cuyas preferencias de comprador o buy box coinciden con la oportunidad. Reciben la alerta al instante, sea cual sea la frecuencia de alertas que eligieron, y pueden mostrar interés y ofertar antes que nadie.

## Después de la ventana
La oportunidad pasa sola a **activa**. Entonces el resto de los compradores que coinciden reciben la alerta con la frecuencia que eligieron (en tiempo real, resumen diario o resumen semanal). Cada comprador recibe una sola alerta por oportunidad.

## Cómo ser comprador prioritario
1. Completa la capacitación para compradores y obtén la insignia de **Comprador Certificado**.
2. Mantén al día tus preferencias de comprador y tu buy box, para que las oportunidades que buscas coincidan contigo.

Los vendedores ven cuántos compradores prioritarios tiene una oportunidad al crearla y en su página. Un vendedor también puede pasar una oportunidad exclusiva a activa antes de que termine la ventana.`,
    },
  },
  {
    slug: 'csv-exports',
    category: 'exportsAndWebhooks',
    title: {
      en: 'Exporting interested buyers and offers as CSV',
      es: 'Exportar compradores interesados y ofertas en CSV',
    },
    body: {
      en: `Sellers can download two files for each of their deals from the deal's **Offers** page, with **Download CSV**:

- **Interested buyers**: date, buyer, e-mail, phone, whether they are a Certified Buyer, and their message.
- **Offers**: submitted date, buyer and contact details, certified flag, message, type, purchase price or entry fee, cash to seller, effective price and the seller-financed part, estimated close date and days to close, status, and the risks the buyer acknowledged.

## The file
- UTF-8 with a byte-order mark, so Excel, Numbers and Google Sheets show accents correctly.
- Column names and yes/no values in your language.
- Money as plain numbers (no currency sign), times in ISO 8601, UTC.
- The file name carries the city, ZIP code and deal id, never the street.

## Why some cells start with an apostrophe
A cell that begins with =, +, -, @, a tab or a carriage return could run as a formula when the file is opened in a spreadsheet. DealClub puts an apostrophe before such text, so a message like "=HYPERLINK(...)" stays text.

Only the deal's seller and the admins can download these files. Treat them as confidential: they contain buyers' contact details.`,
      es: `Los vendedores pueden descargar dos archivos por cada una de sus oportunidades desde la página **Ofertas** de la oportunidad, con **Descargar CSV**:

- **Compradores interesados**: fecha, comprador, correo, teléfono, si es Comprador Certificado y su mensaje.
- **Ofertas**: fecha de envío, comprador y sus datos de contacto, si está certificado, mensaje, tipo, precio de compra o cuota de entrada, efectivo para el vendedor, precio efectivo y la parte financiada por el vendedor, fecha estimada de cierre y días hasta el cierre, estado y los riesgos que aceptó el comprador.

## El archivo
- UTF-8 con marca de orden de bytes, para que Excel, Numbers y Google Sheets muestren bien los acentos.
- Nombres de columna y valores sí/no en tu idioma.
- Montos como números simples (sin símbolo de moneda), horas en ISO 8601, UTC.
- El nombre del archivo lleva la ciudad, el código postal y el identificador de la oportunidad, nunca la calle.

## Por qué algunas celdas empiezan con un apóstrofo
Una celda que empieza con =, +, -, @, un tabulador o un retorno de carro podría ejecutarse como fórmula al abrir el archivo en una hoja de cálculo. DealClub pone un apóstrofo delante de ese texto, para que un mensaje como "=HYPERLINK(...)" siga siendo texto.

Solo el vendedor de la oportunidad y los administradores pueden descargar estos archivos. Trátalos como confidenciales: contienen datos de contacto de compradores.`,
    },
  },
  {
    slug: 'offer-webhook',
    category: 'exportsAndWebhooks',
    title: {
      en: 'Sending offers to your systems with the offer webhook',
      es: 'Enviar las ofertas a tus sistemas con el webhook de ofertas',
    },
    body: {
      en: `The offer webhook posts your offer events to a URL of yours (a CRM, a spreadsheet automation, your own server). Set it up in your profile, **Integrations** tab.

## Events
- \`offer.submitted\`: a buyer made an offer on one of your deals.
- \`offer.countered\`: you countered an offer.
- \`offer.accepted\`: an offer on your deal was accepted.
- \`webhook.test\`: sent by **Send test event**, to check your receiver.

Each delivery is a JSON POST with \`{ id, type, createdAt, data }\`. The offer's data includes the risks the buyer acknowledged.

## Checking it came from DealClub
When you first save a URL, DealClub shows a **signing secret** (it starts with \`whsec_\`) **once**: store it. Each delivery carries \`X-Webhook-Signature: t=<unix time>,v1=<signature>\`, where the signature is the hex HMAC-SHA256 of \`<t>.<body>\` with your secret. Compute it over the body exactly as received, compare, and refuse old timestamps. Use **Rotate secret** if it leaks.

## Delivery
- Your receiver should answer with a 2xx status within 10 seconds. Redirects are not followed.
- Failed deliveries are retried with growing pauses for 24 hours. Delivery is *at least once*: use the \`X-Webhook-Id\` header to drop duplicates.
- The tab lists recent deliveries with their status and the reason of any failure.
- The URL must be \`https://\` on the public internet; private, local and cloud-metadata addresses are refused.`,
      es: `El webhook de ofertas envía los eventos de tus ofertas a una URL tuya (un CRM, una automatización de hojas de cálculo, tu propio servidor). Configúralo en tu perfil, pestaña **Integraciones**.

## Eventos
- \`offer.submitted\`: un comprador hizo una oferta en una de tus oportunidades.
- \`offer.countered\`: hiciste una contraoferta.
- \`offer.accepted\`: se aceptó una oferta en tu oportunidad.
- \`webhook.test\`: lo envía **Enviar evento de prueba**, para comprobar tu receptor.

Cada entrega es un POST JSON con \`{ id, type, createdAt, data }\`. Los datos de la oferta incluyen los riesgos que aceptó el comprador.

## Cómo comprobar que viene de DealClub
La primera vez que guardas una URL, DealClub muestra un **secreto de firma** (empieza con \`whsec_\`) **una sola vez**: guárdalo. Cada entrega lleva \`X-Webhook-Signature: t=<hora unix>,v1=<firma>\`, donde la firma es el HMAC-SHA256 en hexadecimal de \`<t>.<cuerpo>\` con tu secreto. Calcúlala sobre el cuerpo tal como lo recibiste, compárala y rechaza marcas de tiempo antiguas. Usa **Rotar secreto** si se filtra.

## Entrega
- Tu receptor debe responder con un estado 2xx en menos de 10 segundos. No se siguen redirecciones.
- Las entregas fallidas se reintentan con pausas crecientes durante 24 horas. La entrega es *al menos una vez*: usa la cabecera \`X-Webhook-Id\` para descartar duplicados.
- La pestaña lista las entregas recientes con su estado y el motivo de cada fallo.
- La URL debe ser \`https://\` en internet pública; se rechazan las direcciones privadas, locales y de metadatos de la nube.`,
    },
  },
  {
    slug: 'address-privacy',
    category: 'privacy',
    title: {
      en: 'How DealClub keeps property addresses private',
      es: 'Cómo protege DealClub las direcciones de las propiedades',
    },
    body: {
      en: `Sellers can choose **Hide the address from buyers** on a deal. Many creative deals are off-market, and owners do not want buyers knocking on the door.

## Who sees a hidden address
- The deal's seller and the admins.
- The buyer whose offer was accepted, while the deal is pending with that offer.

Everyone else sees **Address undisclosed** with the city, state and ZIP code.

## Hidden means absent
A hidden street address is left out of everything DealClub sends you — the deal page, the listings, alerts, e-mails, notifications and exports — not merely hidden on the screen. If the accepted offer is released (the deal is reactivated), the address is hidden from that buyer again.

## Maps and analytics
Maps place buyers and deals at the centre of their ZIP code, never at a street address. The public ZIP analytics page shows buyers by first name and last initial only, with no contact details.

## Your own details
Sellers see the name, e-mail and phone of buyers who show interest in or make an offer on their deals, so they can reply. Keep your profile details current, and never share your password: DealClub staff will never ask for it.`,
      es: `Los vendedores pueden elegir **Ocultar la dirección a los compradores** en una oportunidad. Muchas operaciones creativas están fuera del mercado, y los dueños no quieren que los compradores toquen a su puerta.

## Quién ve una dirección oculta
- El vendedor de la oportunidad y los administradores.
- El comprador cuya oferta fue aceptada, mientras la oportunidad está pendiente con esa oferta.

Todos los demás ven **Dirección no revelada** con la ciudad, el estado y el código postal.

## Oculta significa ausente
Una dirección oculta se omite en todo lo que DealClub te envía (la página de la oportunidad, las propiedades, las alertas, los correos, las notificaciones y las exportaciones), no solo se oculta en la pantalla. Si la oferta aceptada se libera (la oportunidad se reactiva), la dirección vuelve a ocultarse para ese comprador.

## Mapas y estadísticas
Los mapas ubican a compradores y oportunidades en el centro de su código postal, nunca en una dirección. La página pública de estadísticas por código postal muestra a los compradores solo con su nombre y la inicial del apellido, sin datos de contacto.

## Tus propios datos
Los vendedores ven el nombre, el correo y el teléfono de los compradores que muestran interés u ofertan en sus oportunidades, para poder responderles. Mantén tu perfil al día y nunca compartas tu contraseña: el personal de DealClub nunca te la pedirá.`,
    },
  },
  {
    slug: 'training-and-the-certified-buyer-badge',
    category: 'training',
    title: {
      en: 'Buyer training and the Certified Buyer badge',
      es: 'La capacitación para compradores y la insignia de Comprador Certificado',
    },
    body: {
      en: `The buyer training is a short course on creative finance, in English and Spanish: subject-to and the due-on-sale clause, seller finance and balloons, lease options, hybrids and wraps, due diligence with title and escrow, and offering on DealClub. Open it from **Training**.

## How it works
- Lessons are taken **in order**; the next one opens when you complete the one before.
- Each lesson ends with a short quiz. Answer every question right to complete it. A wrong answer shows a hint, not the answer; try again as often as you need.
- Your progress is saved lesson by lesson, so you can stop and come back.
- After you complete a lesson, you can review why each answer is right.

## The badge
Completing every published lesson earns the **Certified Buyer** badge, with its date. Lessons added later do not take it away.

## What the badge does
- Sellers see it on your offers and in their exports.
- Certified Buyers whose preferences or buy box match a deal are **priority buyers**: they see exclusive deals first and are alerted at once.

The training is open to buyers, owners and admins.`,
      es: `La capacitación para compradores es un curso breve sobre financiamiento creativo, en inglés y en español: subject-to y la cláusula de vencimiento por venta, financiamiento del vendedor y pagos globales, arrendamiento con opción a compra, híbridas y wraps, la debida diligencia con título y depósito en garantía, y cómo ofertar en DealClub. Ábrela desde **Capacitación**.

## Cómo funciona
- Las lecciones se hacen **en orden**; la siguiente se abre cuando completas la anterior.
- Cada lección termina con un cuestionario breve. Responde bien todas las preguntas para completarla. Una respuesta incorrecta muestra una pista, no la respuesta; inténtalo las veces que necesites.
- Tu progreso se guarda lección por lección, así que puedes parar y volver.
- Al completar una lección puedes repasar por qué cada respuesta es correcta.

## La insignia
Completar todas las lecciones publicadas te da la insignia de **Comprador Certificado**, con su fecha. Las lecciones que se agreguen después no te la quitan.

## Para qué sirve
- Los vendedores la ven en tus ofertas y en sus exportaciones.
- Los Compradores Certificados cuyas preferencias o buy box coinciden con una oportunidad son **compradores prioritarios**: ven primero las oportunidades exclusivas y reciben la alerta al instante.

La capacitación está abierta a compradores, propietarios y administradores.`,
    },
  },
  {
    slug: 'deal-alerts-and-saved-searches',
    category: 'alerts',
    title: {
      en: 'Deal alerts, match scores and saved searches',
      es: 'Alertas de oportunidades, porcentaje de coincidencia y búsquedas guardadas',
    },
    body: {
      en: `DealClub tells you about new deals that fit you, and only those.

## What makes a match
A deal matches you when it is in your area (your state, and your ZIP codes or city when you gave them) and meets every limit you set in your **buyer preferences** or **buy box**: property type, bedrooms, bathrooms, year built, size, HOA, and your maximum monthly payment and down payment compared with the deal's total monthly payment and cash to close. Each deal shows a **match score** from 0 to 100 % with the reasons, met or not, and both numbers.

## Channels and frequency
In your profile, **Preferences** tab, choose:
- **Notification channels**: e-mail, SMS and push (in the app and the browser).
- **Search frequency**: real time (within about a minute), daily digest or weekly summary (Mondays). Digests list the best match first and are not sent when nothing matched.

SMS needs a phone number on your profile and is never sent at night (21:00–08:00 in the time zone of your preferences' state): it waits until 08:00.

## Saved searches
On the listings page, choose your filters and press **Save search** to be alerted about new deals that match them too. You can keep up to 20; manage them in the Preferences tab.

## Stopping e-mails
Every alert e-mail has a one-click unsubscribe link. It turns off **Deal alert e-mails**; tick it again in the Preferences tab to get them back. You are alerted once per deal, whichever preference or saved search matched it.`,
      es: `DealClub te avisa de las nuevas oportunidades que encajan contigo, y solo de esas.

## Qué hace que coincida
Una oportunidad coincide contigo cuando está en tu zona (tu estado, y tus códigos postales o tu ciudad si los indicaste) y cumple cada límite que fijaste en tus **preferencias de comprador** o tu **buy box**: tipo de propiedad, habitaciones, baños, año de construcción, tamaño, HOA, y tu pago mensual máximo y tu pago inicial máximo frente al pago mensual total y el efectivo para cerrar de la oportunidad. Cada oportunidad muestra un **porcentaje de coincidencia** de 0 a 100 % con los motivos, cumplidos o no, y ambas cifras.

## Canales y frecuencia
En tu perfil, pestaña **Preferencias**, elige:
- **Canales de notificación**: correo, SMS y push (en la aplicación y el navegador).
- **Frecuencia de búsqueda**: en tiempo real (en alrededor de un minuto), resumen diario o resumen semanal (los lunes). Los resúmenes muestran primero la mejor coincidencia y no se envían si nada coincidió.

El SMS necesita un número de teléfono en tu perfil y nunca se envía de noche (de 21:00 a 08:00 en la zona horaria del estado de tus preferencias): espera hasta las 08:00.

## Búsquedas guardadas
En la página de propiedades, elige tus filtros y pulsa **Guardar búsqueda** para recibir alertas también de las nuevas oportunidades que coincidan con ellos. Puedes tener hasta 20; adminístralas en la pestaña Preferencias.

## Dejar de recibir correos
Cada correo de alerta tiene un enlace para darte de baja con un clic. Desactiva **Correos de alertas de oportunidades**; vuelve a marcarlo en la pestaña Preferencias para recibirlos de nuevo. Recibes una sola alerta por oportunidad, sea cual sea la preferencia o la búsqueda guardada que coincidió.`,
    },
  },
  {
    slug: 'your-account-and-language',
    category: 'account',
    title: {
      en: 'Your account, profile and language',
      es: 'Tu cuenta, tu perfil y tu idioma',
    },
    body: {
      en: `## Your profile
Open **Profile** from the account menu. Its tabs depend on your role:
- **Profile**: name, phone, profile picture (up to 5 MB) and password. To set a new password, enter your current one.
- **Preferences**: language, notification channels, search frequency and alert e-mails.
- **Buyer preferences** and **Buy box** (buyers): what you are looking for; they drive your matches and alerts.
- **Seller preferences**, **Company** (name, phone, e-mail, logo up to 500 KB) and **Integrations** (the offer webhook) for sellers.

Until the parts your role needs are filled in, DealClub sends you back to your profile.

## Language
DealClub speaks English and Spanish. Change it with the language selector in the header, or in the Preferences tab. Signed in, your choice is saved to your account: your e-mails, alerts, the training and the help centre follow it on every device.

## Phone numbers
Enter a 10-digit US number (or 11 digits starting with 1). It is shown as (xxx) xxx-xxxx.

## Deactivated accounts
If an admin deactivates your account, you see a notice when you sign in and cannot use DealClub until it is reactivated. Contact support through the feedback page.`,
      es: `## Tu perfil
Abre **Perfil** desde el menú de la cuenta. Sus pestañas dependen de tu rol:
- **Perfil**: nombre, teléfono, foto de perfil (hasta 5 MB) y contraseña. Para poner una contraseña nueva, escribe la actual.
- **Preferencias**: idioma, canales de notificación, frecuencia de búsqueda y correos de alertas.
- **Preferencias de comprador** y **Buy box** (compradores): lo que buscas; guían tus coincidencias y tus alertas.
- **Preferencias de vendedor**, **Empresa** (nombre, teléfono, correo, logotipo de hasta 500 KB) e **Integraciones** (el webhook de ofertas) para vendedores.

Hasta que completes lo que tu rol necesita, DealClub te devuelve a tu perfil.

## Idioma
DealClub habla inglés y español. Cámbialo con el selector de idioma del encabezado o en la pestaña Preferencias. Con la sesión iniciada, tu elección se guarda en tu cuenta: tus correos, tus alertas, la capacitación y el centro de ayuda la siguen en todos tus dispositivos.

## Números de teléfono
Escribe un número de EE. UU. de 10 dígitos (u 11 si empieza por 1). Se muestra como (xxx) xxx-xxxx.

## Cuentas desactivadas
Si un administrador desactiva tu cuenta, verás un aviso al iniciar sesión y no podrás usar DealClub hasta que se reactive. Contacta con soporte desde la página de comentarios.`,
    },
  },
];
