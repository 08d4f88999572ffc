/**
 * The demo buyer course: six lessons, each with a Markdown body in English and Spanish and a short
 * quiz. Finishing every lesson earns the Certified Buyer badge. Plain-language education only:
 * no legal or tax advice, and every worked example's arithmetic is shown in the text.
 */

import type { Bilingual } from '@dealclub/shared/training-rules';

// Spanish: neutral Latin-American Spanish, "usted".
export interface SeedQuizOption {
  text: Bilingual;
  correct: boolean;
}
export interface SeedQuizQuestion {
  question: Bilingual;
  options: SeedQuizOption[];
  /** Shown after a wrong answer: points back to the lesson without naming the right option. */
  hint: Bilingual;
  explanation: Bilingual;
}
export interface SeedLesson {
  slug: string;
  title: Bilingual;
  summary: Bilingual;
  body: Bilingual;
  quiz: SeedQuizQuestion[];
}

/** The demo course, in order. */
export const DEMO_LESSONS: readonly SeedLesson[] = [
  {
    slug: 'creative-finance-basics',
    title: {
      en: 'Creative finance basics',
      es: 'Fundamentos del financiamiento creativo',
    },
    summary: {
      en: 'What creative finance is, the five deal types on DealClub, and the key words you will see on every listing.',
      es: 'Qué es el financiamiento creativo, los cinco tipos de trato en DealClub y los términos clave que verá en cada anuncio.',
    },
    body: {
      en: `## What creative finance is

Creative finance means buying a home without relying only on a new bank mortgage. Instead, the buyer and the seller agree on terms that use what already exists: the seller's current loan, the seller's equity, or a lease with a right to buy later.

These deals are legal in the United States when they are documented and closed properly, but they carry risks that an ordinary purchase does not. This course explains those risks in plain language. It is not legal or tax advice, and the rules vary by state.

## The five deal types on DealClub

- **Subject-to:** you take title and make the payments on the seller's existing mortgage, which stays in the seller's name.
- **Seller finance:** the seller acts as the lender. You pay the seller over time under a promissory note.
- **Hybrid:** a mix, usually subject-to on the existing loan plus a seller-financed note for part of the seller's equity.
- **Lease option:** you rent the home with the right, but not the obligation, to buy it at a set price before a deadline.
- **Cash:** a traditional purchase in which you pay the full price at closing, with your own money or your own financing.

## Why sellers and buyers use them

Sellers often choose creative terms to sell quickly, to avoid high fees, to earn interest on their equity, or because the home would not sell easily on ordinary terms. Some are behind on their payments and want to avoid foreclosure.

Buyers use them to keep a low interest rate locked in years ago, to need less cash up front, or to buy without qualifying for a new bank loan. The trade-off is that you depend on someone else's loan or on the seller's cooperation, so you must verify everything.

## Key words

- **Entry fee:** the cash paid to get into a creative deal: money to the seller, closing costs and any past-due payments. On DealClub, creative offers are made as an entry fee.
- **EMD (earnest money deposit):** a good-faith deposit you place with the escrow or title company after your offer is accepted. It is held in escrow and applied at closing; if the deal fails for a reason the contract allows, it is returned to you.
- **PITI:** principal, interest, taxes and insurance, the full monthly housing payment.
- **Loan balance:** what is still owed on the existing mortgage today.
- **Interest rate:** the yearly rate charged on the loan balance.
- **Cash to close:** all the cash the deal needs from you. DealClub's deal math shows it as the entry fee plus the EMD.

## Worked example

A home is listed at $260,000 on subject-to terms. The existing loan balance is $235,000 and the PITI is $1,650 a month.

- Seller's equity, paid in cash: $260,000 − $235,000 = $25,000
- Estimated closing costs: $4,000
- Entry fee: $25,000 + $4,000 = $29,000
- EMD: $2,000
- Cash to close: $29,000 + $2,000 = $31,000

After closing, you make the $1,650 payment every month for as long as you keep the home or until the loan is paid off.
`,
      es: `## Qué es el financiamiento creativo

El financiamiento creativo significa comprar una vivienda sin depender solo de una nueva hipoteca bancaria. En su lugar, el comprador y el vendedor acuerdan condiciones que aprovechan lo que ya existe: el préstamo actual del vendedor, el capital (equity) del vendedor o un arrendamiento con derecho a comprar más adelante.

Estos tratos son legales en los Estados Unidos cuando se documentan y se cierran correctamente, pero tienen riesgos que una compra común no tiene. Este curso explica esos riesgos en lenguaje sencillo. No es asesoría legal ni fiscal, y las reglas varían según el estado.

## Los cinco tipos de trato en DealClub

- **Sujeto a la hipoteca existente (subject-to):** usted recibe el título de propiedad y hace los pagos de la hipoteca actual del vendedor, que sigue a nombre del vendedor.
- **Financiamiento del vendedor (seller finance):** el vendedor actúa como prestamista. Usted le paga a lo largo del tiempo según un pagaré (promissory note).
- **Híbrido (hybrid):** una combinación, normalmente subject-to sobre el préstamo existente más un pagaré financiado por el vendedor por parte de su capital.
- **Arrendamiento con opción de compra (lease option):** usted renta la vivienda con el derecho, pero no la obligación, de comprarla a un precio fijo antes de una fecha límite.
- **Contado (cash):** una compra tradicional en la que usted paga el precio completo al cierre, con su propio dinero o su propio financiamiento.

## Por qué los usan vendedores y compradores

Los vendedores suelen elegir condiciones creativas para vender rápido, evitar comisiones altas, ganar intereses sobre su capital o porque la vivienda no se vendería fácilmente en condiciones comunes. Algunos están atrasados en sus pagos y quieren evitar una ejecución hipotecaria (foreclosure).

Los compradores los usan para conservar una tasa de interés baja fijada hace años, para necesitar menos efectivo al inicio o para comprar sin calificar para un nuevo préstamo bancario. La contrapartida es que usted depende del préstamo de otra persona o de la cooperación del vendedor, así que debe verificarlo todo.

## Términos clave

- **Pago de entrada (entry fee):** el efectivo que se paga para entrar en un trato creativo: dinero para el vendedor, costos de cierre y cualquier pago atrasado. En DealClub, las ofertas creativas se hacen como un pago de entrada.
- **Depósito de garantía (EMD, earnest money deposit):** un depósito de buena fe que usted entrega a la compañía de depósito en garantía (escrow) o de títulos después de que se acepta su oferta. Se guarda en escrow y se aplica al cierre; si el trato no se concreta por una razón que el contrato permite, se le devuelve.
- **PITI:** capital, intereses, impuestos y seguro (principal, interest, taxes and insurance), el pago mensual completo de la vivienda.
- **Saldo del préstamo (loan balance):** lo que todavía se debe hoy de la hipoteca existente.
- **Tasa de interés (interest rate):** la tasa anual que se cobra sobre el saldo del préstamo.
- **Efectivo para el cierre (cash to close):** todo el efectivo que el trato necesita de usted. Los cálculos del trato en DealClub lo muestran como el pago de entrada más el EMD.

## Ejemplo práctico

Una vivienda se anuncia en $260,000 en condiciones subject-to. El saldo del préstamo existente es de $235,000 y el PITI es de $1,650 al mes.

- Capital del vendedor, pagado en efectivo: $260,000 − $235,000 = $25,000
- Costos de cierre estimados: $4,000
- Pago de entrada: $25,000 + $4,000 = $29,000
- EMD: $2,000
- Efectivo para el cierre: $29,000 + $2,000 = $31,000

Después del cierre, usted hace el pago de $1,650 cada mes mientras conserve la vivienda o hasta que el préstamo se liquide.
`,
    },
    quiz: [
      {
        question: {
          en: 'In a subject-to deal, whose name is the existing mortgage in after closing?',
          es: 'En un trato subject-to, ¿a nombre de quién está la hipoteca existente después del cierre?',
        },
        options: [
          {
            text: {
              en: "The buyer's, because the lender approves the transfer",
              es: 'Del comprador, porque el prestamista aprueba la transferencia',
            },
            correct: false,
          },
          {
            text: {
              en: "The seller's; the buyer takes title and makes the payments",
              es: 'Del vendedor; el comprador recibe el título y hace los pagos',
            },
            correct: true,
          },
          {
            text: {
              en: "DealClub's, as the marketplace",
              es: 'De DealClub, como mercado',
            },
            correct: false,
          },
          {
            text: {
              en: "A new bank's, after a refinance",
              es: 'De un banco nuevo, después de un refinanciamiento',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read the subject-to entry in "The five deal types on DealClub". Notice the difference between who holds title to the home and who is the borrower on the existing loan.',
          es: 'Vuelva a leer la entrada de subject-to en "Los cinco tipos de trato en DealClub". Fíjese en la diferencia entre quién tiene el título de la vivienda y quién es el deudor del préstamo existente.',
        },
        explanation: {
          en: "In a subject-to deal the loan is neither transferred nor refinanced: it stays in the seller's name while the buyer owns the home and makes the payments.",
          es: 'En un trato subject-to el préstamo no se transfiere ni se refinancia: sigue a nombre del vendedor mientras el comprador es dueño de la vivienda y hace los pagos.',
        },
      },
      {
        question: {
          en: "A listing shows a price of $300,000, a loan balance of $270,000 and closing costs of $5,000. If the seller's equity is paid in cash, what is the entry fee?",
          es: 'Un anuncio muestra un precio de $300,000, un saldo del préstamo de $270,000 y costos de cierre de $5,000. Si el capital del vendedor se paga en efectivo, ¿cuál es el pago de entrada?',
        },
        options: [
          {
            text: { en: '$30,000', es: '$30,000' },
            correct: false,
          },
          {
            text: { en: '$5,000', es: '$5,000' },
            correct: false,
          },
          {
            text: { en: '$35,000', es: '$35,000' },
            correct: true,
          },
          {
            text: { en: '$270,000', es: '$270,000' },
            correct: false,
          },
        ],
        hint: {
          en: 'The entry fee covers the equity of the seller plus the closing costs: work out the equity first (price minus loan balance), as in the "Worked example".',
          es: 'El pago de entrada cubre el capital del vendedor más los costos de cierre: calcule primero el capital (precio menos saldo del préstamo), como en el "Ejemplo práctico".',
        },
        explanation: {
          en: "The entry fee covers the seller's equity ($300,000 − $270,000 = $30,000) plus the closing costs ($5,000), so $35,000.",
          es: 'El pago de entrada cubre el capital del vendedor ($300,000 − $270,000 = $30,000) más los costos de cierre ($5,000), es decir, $35,000.',
        },
      },
      {
        question: {
          en: 'What does PITI include?',
          es: '¿Qué incluye el PITI?',
        },
        options: [
          {
            text: {
              en: 'Principal, interest, property taxes and insurance',
              es: 'Capital, intereses, impuestos a la propiedad y seguro',
            },
            correct: true,
          },
          {
            text: {
              en: 'Only principal and interest',
              es: 'Solo capital e intereses',
            },
            correct: false,
          },
          {
            text: {
              en: 'Price, inspection, title and insurance',
              es: 'Precio, inspección, título y seguro',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read PITI in "Key words": each letter stands for one part of the full monthly housing payment. What does each letter stand for?',
          es: 'Vuelva a leer PITI en "Términos clave": cada letra representa una parte del pago mensual completo de la vivienda. ¿Qué representa cada letra?',
        },
        explanation: {
          en: 'PITI is the full monthly housing payment: principal and interest on the loan plus property taxes and insurance, which are often collected through escrow.',
          es: 'El PITI es el pago mensual completo de la vivienda: capital e intereses del préstamo más impuestos a la propiedad y seguro, que a menudo se cobran a través del escrow.',
        },
      },
    ],
  },
  {
    slug: 'subject-to-and-due-on-sale',
    title: {
      en: 'Subject-to and the due-on-sale clause',
      es: 'Subject-to y la cláusula de vencimiento anticipado',
    },
    summary: {
      en: 'How buying subject to an existing mortgage works, what the due-on-sale clause really means, and how to protect the deal.',
      es: 'Cómo funciona comprar sujeto a una hipoteca existente, qué significa la cláusula de vencimiento anticipado y cómo proteger el trato.',
    },
    body: {
      en: `## How subject-to works

When you buy "subject to" the existing mortgage, the seller deeds the home to you, but the loan stays in the seller's name. The lender is usually not asked to approve the sale. You own the home and make the monthly payments, but the seller is still the borrower in the lender's eyes.

So two people depend on one loan: you need it paid to keep the home, and the seller needs it paid to protect their credit.

## The due-on-sale clause

Most home loans contain a due-on-sale clause. A federal law, the Garn–St. Germain Act (12 U.S.C. 1701j-3), generally allows lenders to enforce it. If the home is transferred without the lender's consent, the lender **may** declare the whole balance due.

- It is an option for the lender, not automatic. Many lenders do not act while payments arrive on time, but no one can promise that yours will not.
- If the loan is called, it must be paid off, usually by refinancing or selling. Plan for that before you buy.
- The law lists exemptions, such as transfers to a spouse or children, transfers after a death, and transfers into a living trust in which the borrower remains a beneficiary. They protect the borrower's family and estate planning. They do not cover a sale to an investor, and putting the home in a trust does not change that.

## Insurance

The seller's homeowner policy was written for an owner living in the home. After closing you normally need a policy that protects your interest, with the lender still named as mortgagee. Keep coverage in force without gaps: if the policy lapses, the lender can buy expensive force-placed insurance and add its cost to the loan. Ask an insurance agent who understands these transfers how to set it up.

## Verify the loan

Ask for a recent mortgage statement and, with the seller's written authorization, confirm the figures with the servicer. Check:

- the loan balance, interest rate and monthly payment;
- whether the loan is current or past due, and any fees;
- the escrow (impound) account: if the lender collects taxes and insurance, the payment can change each year after the escrow review.

## If payments are missed

Late payments hurt the seller's credit, not yours. Late fees start quickly, and if the loan falls far enough behind, the lender can start foreclosure. Federal servicing rules generally prevent a first foreclosure filing until a loan is more than 120 days delinquent, but state procedures differ. A foreclosure would cost you the home and your entry fee. Many buyers use a third-party servicer so both sides can see every payment.

## Worked example

The statement shows a balance of $180,000 and a payment of $1,450: $1,050 of principal and interest plus $400 of escrow for taxes and insurance. The seller is two payments behind: 2 × $1,450 = $2,900, plus $100 of late fees. You need $2,900 + $100 = $3,000 at closing just to bring the loan current, on top of what you pay the seller.
`,
      es: `## Cómo funciona subject-to

Cuando usted compra "sujeto a" (subject to) la hipoteca existente, el vendedor le transfiere la vivienda por escritura, pero el préstamo sigue a nombre del vendedor. Normalmente no se le pide al prestamista que apruebe la venta. Usted es dueño de la vivienda y hace los pagos mensuales, pero para el prestamista el deudor sigue siendo el vendedor.

Así, dos personas dependen de un mismo préstamo: usted necesita que se pague para conservar la vivienda, y el vendedor lo necesita para proteger su crédito.

## La cláusula de vencimiento anticipado por venta

La mayoría de los préstamos hipotecarios contienen una cláusula de vencimiento anticipado por venta (due-on-sale). Una ley federal, la Ley Garn–St. Germain (12 U.S.C. 1701j-3), en general permite a los prestamistas hacerla cumplir. Si la vivienda se transfiere sin el consentimiento del prestamista, este **puede** declarar vencido todo el saldo.

- Es una opción del prestamista, no algo automático. Muchos prestamistas no actúan mientras los pagos llegan a tiempo, pero nadie puede prometerle que el suyo no lo hará.
- Si el préstamo se declara vencido, hay que liquidarlo, normalmente refinanciando o vendiendo. Planifíquelo antes de comprar.
- La ley enumera excepciones, como las transferencias al cónyuge o a los hijos, las transferencias tras un fallecimiento y las transferencias a un fideicomiso en vida (living trust) en el que el deudor sigue siendo beneficiario. Protegen a la familia del deudor y su planificación patrimonial. No cubren una venta a un inversionista, y poner la vivienda en un fideicomiso no cambia eso.

## Seguro

La póliza de seguro del vendedor se emitió para un dueño que vive en la vivienda. Después del cierre, normalmente usted necesita una póliza que proteja su interés, con el prestamista todavía nombrado como acreedor hipotecario (mortgagee). Mantenga la cobertura vigente sin interrupciones: si la póliza vence, el prestamista puede contratar un seguro impuesto (force-placed) costoso y sumar su costo al préstamo. Pregunte a un agente de seguros que entienda estas transferencias cómo organizarla.

## Verifique el préstamo

Pida un estado de cuenta hipotecario reciente y, con la autorización escrita del vendedor, confirme las cifras con el administrador del préstamo (servicer). Revise:

- el saldo del préstamo, la tasa de interés y el pago mensual;
- si el préstamo está al día o atrasado, y cualquier cargo;
- la cuenta de depósito en garantía (escrow o impounds): si el prestamista cobra impuestos y seguro, el pago puede cambiar cada año después de la revisión de esa cuenta.

## Si se dejan de hacer pagos

Los pagos atrasados dañan el crédito del vendedor, no el suyo. Los cargos por mora empiezan pronto y, si el préstamo se atrasa lo suficiente, el prestamista puede iniciar una ejecución hipotecaria (foreclosure). Las reglas federales de administración de préstamos en general impiden el primer trámite de ejecución hasta que el préstamo tiene más de 120 días de atraso, pero los procedimientos estatales varían. Una ejecución le costaría la vivienda y su pago de entrada. Muchos compradores usan un administrador independiente para que ambas partes vean cada pago.

## Ejemplo práctico

El estado de cuenta muestra un saldo de $180,000 y un pago de $1,450: $1,050 de capital e intereses más $400 de escrow para impuestos y seguro. El vendedor tiene dos pagos atrasados: 2 × $1,450 = $2,900, más $100 de cargos por mora. Usted necesita $2,900 + $100 = $3,000 al cierre solo para poner el préstamo al día, además de lo que le pague al vendedor.
`,
    },
    quiz: [
      {
        question: {
          en: "A home with a due-on-sale clause is sold subject-to without the lender's consent. Under the Garn–St. Germain Act, what follows?",
          es: 'Una vivienda con cláusula de vencimiento anticipado se vende subject-to sin el consentimiento del prestamista. Según la Ley Garn–St. Germain, ¿qué sucede?',
        },
        options: [
          {
            text: {
              en: 'The whole loan automatically becomes due in 30 days',
              es: 'Todo el préstamo vence automáticamente en 30 días',
            },
            correct: false,
          },
          {
            text: {
              en: 'The lender may choose to call the loan due, but it is not automatic',
              es: 'El prestamista puede optar por declarar vencido el préstamo, pero no es automático',
            },
            correct: true,
          },
          {
            text: {
              en: 'Nothing can happen, because federal law forbids calling the loan',
              es: 'No puede pasar nada, porque la ley federal prohíbe declarar vencido el préstamo',
            },
            correct: false,
          },
          {
            text: {
              en: 'The buyer automatically becomes the borrower on the loan',
              es: 'El comprador pasa automáticamente a ser el deudor del préstamo',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read "The due-on-sale clause" and pay attention to the word in bold: what does it say the lender can do after a transfer without its consent?',
          es: 'Vuelva a leer "La cláusula de vencimiento anticipado por venta" y fíjese en la palabra en negrita: ¿qué dice sobre lo que puede hacer el prestamista después de una transferencia sin su consentimiento?',
        },
        explanation: {
          en: 'The due-on-sale clause gives the lender an option to accelerate the loan after a transfer; it may use it or not, so you must plan for the possibility.',
          es: 'La cláusula de vencimiento anticipado le da al prestamista la opción de acelerar el préstamo después de una transferencia; puede usarla o no, así que usted debe planificar esa posibilidad.',
        },
      },
      {
        question: {
          en: 'A seller suggests putting the home in a living trust with you as beneficiary to avoid the due-on-sale clause. What is the problem?',
          es: 'Un vendedor sugiere poner la vivienda en un fideicomiso en vida con usted como beneficiario para evitar la cláusula de vencimiento anticipado. ¿Cuál es el problema?',
        },
        options: [
          {
            text: {
              en: 'Trusts cannot hold real estate in the United States',
              es: 'Los fideicomisos no pueden ser dueños de inmuebles en los Estados Unidos',
            },
            correct: false,
          },
          {
            text: {
              en: 'A living trust makes the loan payable in full automatically',
              es: 'Un fideicomiso en vida hace que el préstamo venza por completo automáticamente',
            },
            correct: false,
          },
          {
            text: {
              en: 'The trust exemption protects a borrower who remains a beneficiary; it does not cover a sale to an investor',
              es: 'La excepción del fideicomiso protege a un deudor que sigue siendo beneficiario; no cubre una venta a un inversionista',
            },
            correct: true,
          },
        ],
        hint: {
          en: 'Re-read the exemptions listed under "The due-on-sale clause". Whom are they meant to protect, and does this arrangement fit that purpose?',
          es: 'Vuelva a leer las excepciones de "La cláusula de vencimiento anticipado por venta". ¿A quién buscan proteger y encaja este arreglo en ese propósito?',
        },
        explanation: {
          en: 'The federal exemption is for transfers into a living trust where the borrower stays a beneficiary; a sale to an investor is still a transfer the lender may act on.',
          es: 'La excepción federal es para transferencias a un fideicomiso en vida en el que el deudor sigue siendo beneficiario; una venta a un inversionista sigue siendo una transferencia sobre la que el prestamista puede actuar.',
        },
      },
      {
        question: {
          en: 'Why should you review a recent mortgage statement before closing a subject-to deal?',
          es: '¿Por qué debe revisar un estado de cuenta hipotecario reciente antes de cerrar un trato subject-to?',
        },
        options: [
          {
            text: {
              en: 'To confirm the balance, the payment, the escrow and whether the loan is current',
              es: 'Para confirmar el saldo, el pago, el escrow y si el préstamo está al día',
            },
            correct: true,
          },
          {
            text: {
              en: 'Because the lender must approve your credit first',
              es: 'Porque el prestamista primero debe aprobar su crédito',
            },
            correct: false,
          },
          {
            text: {
              en: 'To move the loan into your name',
              es: 'Para pasar el préstamo a su nombre',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read "Verify the loan". What does that checklist tell you to confirm, and why would those figures matter to you at closing?',
          es: 'Vuelva a leer "Verifique el préstamo". ¿Qué le pide confirmar esa lista y por qué le importarían esas cifras al cierre?',
        },
        explanation: {
          en: 'The statement shows what you are really taking on: the balance, the payment with escrow, and any missed payments or fees you would have to cure at closing.',
          es: 'El estado de cuenta muestra lo que usted realmente asume: el saldo, el pago con escrow y cualquier pago atrasado o cargo que tendría que cubrir al cierre.',
        },
      },
    ],
  },
  {
    slug: 'seller-finance-and-balloons',
    title: {
      en: 'Seller finance and balloon payments',
      es: 'Financiamiento del vendedor y pagos globales',
    },
    summary: {
      en: 'How a seller-carried note works, how a balloon payment is calculated, and the risks and rules to check before you sign.',
      es: 'Cómo funciona un pagaré financiado por el vendedor, cómo se calcula un pago global final y qué riesgos y reglas revisar antes de firmar.',
    },
    body: {
      en: `## How seller finance works

In a seller-financed sale, the seller acts as the bank. You sign a promissory note, your promise to pay, and a deed of trust or mortgage, which lets the seller foreclose if you do not pay. Which of the two is used depends on the state. The note sets:

- the **down payment** you make at closing;
- the **interest rate**;
- the **amortization term**, which sets the monthly payment as if the loan ran its full length;
- the **due date** (maturity), when any remaining balance must be paid.

The amortization term and the due date are often different. A note can be amortized over 30 years but due in 5 years. That gap creates a balloon.

## Balloon payments

A balloon is the large remaining balance due on the maturity date. Early payments are mostly interest, so the balance falls slowly.

## Worked example

- Note: $200,000 at 6% a year, amortized over 30 years.
- Monthly rate: 6% ÷ 12 = 0.5%. Number of payments: 30 × 12 = 360.
- Payment: $200,000 × 0.005 ÷ (1 − 1.005^−360) ≈ $1,199.10, about $1,199 a month.
- In 5 years you make 60 payments: 60 × $1,199.10 ≈ $71,946. About $58,055 of that is interest; only about $13,891 reduces the principal.
- Balloon due at year 5: $200,000 − $13,891 ≈ $186,109, or about $186,000.

## Refinancing risk

Most buyers plan to pay the balloon by refinancing or selling. If rates rise, your income or credit changes, or the home's value falls, you may not qualify in time. If you cannot pay, you can lose the home and what you have paid into it. Before signing, ask yourself what you would do if you could not refinance, and negotiate a later due date or an extension option when you can.

## Rules for sellers who finance

Federal law, including the Dodd-Frank Act's loan originator rules and the SAFE Act, can require a seller who finances homes to meet certain conditions or to use a licensed residential mortgage loan originator. There are exemptions, for example for some sellers who finance only one or a few properties a year, and some of them limit balloons or adjustable rates. States add their own rules. These rules mainly bind the seller, but a note that breaks them can cause problems for both sides. Consult a licensed professional in the property's state.

## Recording and servicing

- The deed of trust or mortgage is recorded with the county, so the public knows the seller has a lien. The note itself is usually kept by the seller, not recorded.
- Make sure the deed that transfers the home to you is recorded too.
- A third-party servicing company can collect payments, keep the records, send year-end statements and track taxes and insurance. That protects both sides if there is ever a dispute about what was paid.
`,
      es: `## Cómo funciona el financiamiento del vendedor

En una venta financiada por el vendedor, el vendedor actúa como banco. Usted firma un pagaré (promissory note), que es su promesa de pago, y una escritura de fideicomiso (deed of trust) o hipoteca, que permite al vendedor ejecutar la garantía si usted no paga. Cuál de los dos se usa depende del estado. El pagaré fija:

- el **pago inicial** (down payment) que usted hace al cierre;
- la **tasa de interés**;
- el **plazo de amortización**, que fija el pago mensual como si el préstamo durara todo ese plazo;
- la **fecha de vencimiento** (maturity), cuando se debe pagar cualquier saldo restante.

El plazo de amortización y la fecha de vencimiento suelen ser distintos. Un pagaré puede amortizarse a 30 años pero vencer a los 5 años. Esa diferencia crea un pago global final (balloon).

## Pagos globales finales

El pago global final es el saldo restante, grande, que vence en la fecha de vencimiento. Los primeros pagos son sobre todo intereses, así que el saldo baja lentamente.

## Ejemplo práctico

- Pagaré: $200,000 al 6% anual, amortizado a 30 años.
- Tasa mensual: 6% ÷ 12 = 0.5%. Número de pagos: 30 × 12 = 360.
- Pago: $200,000 × 0.005 ÷ (1 − 1.005^−360) ≈ $1,199.10, unos $1,199 al mes.
- En 5 años usted hace 60 pagos: 60 × $1,199.10 ≈ $71,946. Unos $58,055 de eso son intereses; solo unos $13,891 reducen el capital.
- Pago global final al año 5: $200,000 − $13,891 ≈ $186,109, es decir, unos $186,000.

## Riesgo de refinanciamiento

La mayoría de los compradores planea pagar el pago global final refinanciando o vendiendo. Si las tasas suben, sus ingresos o su crédito cambian, o el valor de la vivienda baja, es posible que no califique a tiempo. Si no puede pagar, puede perder la vivienda y lo que haya pagado por ella. Antes de firmar, pregúntese qué haría si no pudiera refinanciar, y negocie una fecha de vencimiento más lejana o una opción de prórroga cuando sea posible.

## Reglas para vendedores que financian

La ley federal, incluidas las reglas de originadores de préstamos de la Ley Dodd-Frank y la Ley SAFE, puede exigir que un vendedor que financia viviendas cumpla ciertas condiciones o use un originador de préstamos hipotecarios residenciales con licencia. Hay excepciones, por ejemplo para algunos vendedores que financian solo una o pocas propiedades al año, y algunas de ellas limitan los pagos globales o las tasas ajustables. Los estados agregan sus propias reglas. Estas reglas obligan sobre todo al vendedor, pero un pagaré que las incumple puede causar problemas a ambas partes. Consulte a un profesional con licencia en el estado de la propiedad.

## Registro y administración

- La escritura de fideicomiso o hipoteca se registra en el condado, para que el público sepa que el vendedor tiene un gravamen. El pagaré en sí normalmente lo guarda el vendedor y no se registra.
- Asegúrese de que también se registre la escritura que le transfiere la vivienda a usted.
- Una compañía administradora independiente (servicing company) puede cobrar los pagos, llevar los registros, enviar estados de cuenta anuales y vigilar los impuestos y el seguro. Eso protege a ambas partes si alguna vez hay una disputa sobre lo pagado.
`,
    },
    quiz: [
      {
        question: {
          en: 'A note is amortized over 30 years but due in 5 years. What happens at the end of year 5?',
          es: 'Un pagaré se amortiza a 30 años pero vence a los 5 años. ¿Qué sucede al final del año 5?',
        },
        options: [
          {
            text: {
              en: 'The remaining balance is forgiven',
              es: 'El saldo restante se perdona',
            },
            correct: false,
          },
          {
            text: {
              en: 'You keep paying the same amount for 25 more years',
              es: 'Usted sigue pagando el mismo monto durante 25 años más',
            },
            correct: false,
          },
          {
            text: {
              en: 'The whole remaining balance is due as a balloon payment',
              es: 'Todo el saldo restante vence como pago global final',
            },
            correct: true,
          },
          {
            text: {
              en: 'The interest rate resets to the market rate',
              es: 'La tasa de interés se ajusta a la tasa del mercado',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read "How seller finance works": the amortization term and the due date set two different things. Which one decides when the loan must be fully repaid?',
          es: 'Vuelva a leer "Cómo funciona el financiamiento del vendedor": el plazo de amortización y la fecha de vencimiento fijan dos cosas distintas. ¿Cuál de ellos decide cuándo se debe haber pagado todo el préstamo?',
        },
        explanation: {
          en: 'The 30-year amortization only sets the monthly payment; the due date is year 5, so whatever principal is left then must be paid in one balloon.',
          es: 'La amortización a 30 años solo fija el pago mensual; la fecha de vencimiento es el año 5, así que el capital que quede entonces se debe pagar en un solo pago global final.',
        },
      },
      {
        question: {
          en: 'In the lesson example ($200,000 at 6%, 30-year amortization), why is the balloon after 5 years still about $186,000?',
          es: 'En el ejemplo de la lección ($200,000 al 6%, amortización a 30 años), ¿por qué el pago global final a los 5 años sigue siendo de unos $186,000?',
        },
        options: [
          {
            text: {
              en: 'Early payments are mostly interest, so only about $13,900 of principal is repaid in 5 years',
              es: 'Los primeros pagos son sobre todo intereses, así que solo se devuelven unos $13,900 de capital en 5 años',
            },
            correct: true,
          },
          {
            text: {
              en: 'The seller adds a penalty for paying early',
              es: 'El vendedor agrega una penalidad por pago anticipado',
            },
            correct: false,
          },
          {
            text: {
              en: 'The monthly payments only cover taxes and insurance',
              es: 'Los pagos mensuales solo cubren impuestos y seguro',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Look at the "Worked example": split the 60 payments into the part that is interest and the part that reduces the principal. How much of the balance has actually been paid down?',
          es: 'Mire el "Ejemplo práctico": divida los 60 pagos entre la parte que es interés y la parte que reduce el capital. ¿Cuánto del saldo se ha pagado realmente?',
        },
        explanation: {
          en: 'Of the 60 payments of about $1,199 (about $71,946), roughly $58,055 is interest, so the balance only falls from $200,000 to about $186,109.',
          es: 'De los 60 pagos de unos $1,199 (unos $71,946), aproximadamente $58,055 son intereses, así que el saldo solo baja de $200,000 a unos $186,109.',
        },
      },
      {
        question: {
          en: 'What is the main risk of a seller-financed note with a balloon?',
          es: '¿Cuál es el principal riesgo de un pagaré financiado por el vendedor con pago global final?',
        },
        options: [
          {
            text: {
              en: 'The seller can raise the price after closing',
              es: 'El vendedor puede subir el precio después del cierre',
            },
            correct: false,
          },
          {
            text: {
              en: 'You may not be able to refinance or sell in time to pay it',
              es: 'Es posible que usted no pueda refinanciar o vender a tiempo para pagarlo',
            },
            correct: true,
          },
          {
            text: {
              en: 'The deed of trust expires before the balloon',
              es: 'La escritura de fideicomiso vence antes del pago global final',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read the section right after the "Worked example": how do most buyers plan to pay a balloon, and what could go wrong with that plan by the due date?',
          es: 'Vuelva a leer la sección que sigue al "Ejemplo práctico": ¿cómo planea la mayoría de los compradores pagar un pago global final, y qué podría salir mal con ese plan antes de la fecha de vencimiento?',
        },
        explanation: {
          en: 'A balloon assumes you can refinance or sell when it comes due; if rates, credit or values change, you may not, and you could lose the home.',
          es: 'Un pago global final supone que usted podrá refinanciar o vender cuando venza; si cambian las tasas, su crédito o los valores, quizá no pueda, y podría perder la vivienda.',
        },
      },
    ],
  },
  {
    slug: 'lease-options',
    title: {
      en: 'Lease options',
      es: 'Arrendamiento con opción de compra',
    },
    summary: {
      en: 'How a lease with an option to buy works: option fee, rent credits, strike price, and the risks for the tenant-buyer.',
      es: 'Cómo funciona un arrendamiento con opción de compra: prima de opción, créditos de renta, precio de compra y riesgos para el inquilino comprador.',
    },
    body: {
      en: `## How a lease option works

A lease option combines two agreements: a lease, and an option that gives you the right, but not the obligation, to buy the home at a set price before a deadline. You are the tenant-buyer. The seller keeps title, and usually the mortgage, until you buy.

## The main terms

- **Option fee:** paid up front for the right to buy. It is usually non-refundable, and it is often credited toward the purchase price if you buy.
- **Rent:** the monthly rent. Some agreements add **rent credits**, a part of each payment that counts toward the price if you exercise the option.
- **Option term:** how long the option lasts, often one to three years.
- **Strike price:** the purchase price fixed in the option, or a formula for setting it.
- **Maintenance:** the agreement should say who pays for repairs. Many make the tenant-buyer responsible for routine upkeep and the owner for major systems, but read the actual wording.

## Lease-option vs. lease-purchase

In a lease-option you may buy. In a lease-purchase you promise to buy, so walking away can be a breach of contract. Check which one you are signing.

## Risks for the tenant-buyer

- **Losing the option fee and credits.** If you cannot get financing, or decide not to buy before the deadline, you usually lose them.
- **The seller's mortgage.** The seller must keep paying their loan. If they default, a foreclosure can wipe out your option. Ask for proof of payment, or have the rent paid through a servicer that pays the mortgage directly.
- **Other liens and sales.** The seller could sell or borrow against the home. Recording a memorandum of option with the county gives public notice of your right.
- **Due-on-sale.** The federal exemption for short leases covers leases of three years or less without an option to purchase, so a lease option does not fit it. The lender is not obliged to act, but the risk exists.
- **State law.** Some states regulate lease options closely and may treat longer ones like a sale, with extra duties for the seller. Check the local rules.

## Worked example

- Strike price: $250,000
- Option fee: $10,000, credited to the price
- Rent: $2,000 a month, with $200 a month of rent credit
- Option term: 24 months

If you buy at the end of the term, your credits are $10,000 + (24 × $200) = $10,000 + $4,800 = $14,800. You still need $250,000 − $14,800 = $235,200 from a loan or your own cash. If you do not buy, the $14,800 usually stays with the seller.
`,
      es: `## Cómo funciona un arrendamiento con opción de compra

Un arrendamiento con opción de compra (lease option) combina dos acuerdos: un arrendamiento y una opción que le da a usted el derecho, pero no la obligación, de comprar la vivienda a un precio fijo antes de una fecha límite. Usted es el inquilino comprador (tenant-buyer). El vendedor conserva el título y, por lo general, la hipoteca hasta que usted compre.

## Los términos principales

- **Prima de opción (option fee):** se paga al inicio por el derecho a comprar. Normalmente no es reembolsable y a menudo se acredita al precio de compra si usted compra.
- **Renta:** la renta mensual. Algunos acuerdos agregan **créditos de renta** (rent credits), una parte de cada pago que cuenta para el precio si usted ejerce la opción.
- **Plazo de la opción (option term):** cuánto dura la opción, a menudo de uno a tres años.
- **Precio de compra pactado (strike price):** el precio de compra fijado en la opción, o una fórmula para calcularlo.
- **Mantenimiento:** el acuerdo debe decir quién paga las reparaciones. Muchos hacen responsable al inquilino comprador del mantenimiento rutinario y al dueño de los sistemas principales, pero lea la redacción real.

## Opción de compra frente a compromiso de compra

En un arrendamiento con opción de compra, usted puede comprar. En un arrendamiento con compromiso de compra (lease-purchase), usted promete comprar, así que retirarse puede ser un incumplimiento de contrato. Verifique cuál está firmando.

## Riesgos para el inquilino comprador

- **Perder la prima de opción y los créditos.** Si no consigue financiamiento o decide no comprar antes de la fecha límite, normalmente los pierde.
- **La hipoteca del vendedor.** El vendedor debe seguir pagando su préstamo. Si incumple, una ejecución hipotecaria puede anular su opción. Pida comprobantes de pago, o haga que la renta se pague a través de un administrador que pague la hipoteca directamente.
- **Otros gravámenes y ventas.** El vendedor podría vender la vivienda o pedir préstamos con ella como garantía. Registrar un memorándum de opción (memorandum of option) en el condado da aviso público de su derecho.
- **Vencimiento anticipado por venta (due-on-sale).** La excepción federal para arrendamientos cortos cubre arrendamientos de tres años o menos sin opción de compra, así que un arrendamiento con opción de compra no encaja en ella. El prestamista no está obligado a actuar, pero el riesgo existe.
- **Ley estatal.** Algunos estados regulan de cerca estos acuerdos y pueden tratar los más largos como una venta, con obligaciones adicionales para el vendedor. Revise las reglas locales.

## Ejemplo práctico

- Precio de compra pactado: $250,000
- Prima de opción: $10,000, acreditada al precio
- Renta: $2,000 al mes, con $200 al mes de crédito de renta
- Plazo de la opción: 24 meses

Si usted compra al final del plazo, sus créditos son $10,000 + (24 × $200) = $10,000 + $4,800 = $14,800. Todavía necesita $250,000 − $14,800 = $235,200 de un préstamo o de su propio efectivo. Si no compra, los $14,800 normalmente se quedan con el vendedor.
`,
    },
    quiz: [
      {
        question: {
          en: 'What is the key difference between a lease-option and a lease-purchase?',
          es: '¿Cuál es la diferencia clave entre un arrendamiento con opción de compra y uno con compromiso de compra?',
        },
        options: [
          {
            text: {
              en: 'There is no real difference; the names are interchangeable',
              es: 'No hay una diferencia real; los nombres son intercambiables',
            },
            correct: false,
          },
          {
            text: {
              en: 'A lease-purchase never has an option fee',
              es: 'Un compromiso de compra nunca tiene prima de opción',
            },
            correct: false,
          },
          {
            text: {
              en: 'Only a lease-purchase can include rent credits',
              es: 'Solo un compromiso de compra puede incluir créditos de renta',
            },
            correct: false,
          },
          {
            text: {
              en: 'A lease-option gives you the right to buy; a lease-purchase obliges you to buy',
              es: 'La opción de compra le da el derecho a comprar; el compromiso de compra lo obliga a comprar',
            },
            correct: true,
          },
        ],
        hint: {
          en: 'Re-read "Lease-option vs. lease-purchase". Compare the verb used for each: what happens in each one if you decide not to buy?',
          es: 'Vuelva a leer "Opción de compra frente a compromiso de compra". Compare el verbo que se usa en cada uno: ¿qué pasa en cada caso si usted decide no comprar?',
        },
        explanation: {
          en: 'With a lease-option you may walk away and usually lose the option fee; with a lease-purchase, not buying can be a breach of contract.',
          es: 'Con una opción de compra usted puede retirarse y normalmente pierde la prima de opción; con un compromiso de compra, no comprar puede ser un incumplimiento de contrato.',
        },
      },
      {
        question: {
          en: 'Why would a tenant-buyer record a memorandum of option with the county?',
          es: '¿Por qué un inquilino comprador registraría un memorándum de opción en el condado?',
        },
        options: [
          {
            text: {
              en: 'To make the option fee refundable',
              es: 'Para que la prima de opción sea reembolsable',
            },
            correct: false,
          },
          {
            text: {
              en: 'To give public notice of the right to buy, so later buyers and lenders are on notice',
              es: 'Para dar aviso público del derecho a comprar, de modo que futuros compradores y prestamistas estén advertidos',
            },
            correct: true,
          },
          {
            text: {
              en: 'To transfer title to the tenant-buyer right away',
              es: 'Para transferir el título al inquilino comprador de inmediato',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read the point on other liens and sales in "Risks for the tenant-buyer". What could the seller do with the home during your option, and how does recording help?',
          es: 'Vuelva a leer el punto sobre otros gravámenes y ventas en "Riesgos para el inquilino comprador". ¿Qué podría hacer el vendedor con la vivienda durante su opción y cómo ayuda el registro?',
        },
        explanation: {
          en: 'A recorded memorandum puts your option in the public records, which protects you if the seller tries to sell or borrow against the home.',
          es: 'Un memorándum registrado pone su opción en los registros públicos, lo que lo protege si el vendedor intenta vender la vivienda o pedir préstamos con ella como garantía.',
        },
      },
      {
        question: {
          en: 'During your option term, the seller stops paying their mortgage. What is the main risk to you?',
          es: 'Durante el plazo de su opción, el vendedor deja de pagar su hipoteca. ¿Cuál es el principal riesgo para usted?',
        },
        options: [
          {
            text: {
              en: 'A foreclosure could wipe out your option and the money you have put in',
              es: 'Una ejecución hipotecaria podría anular su opción y el dinero que usted ha aportado',
            },
            correct: true,
          },
          {
            text: {
              en: 'None, because the lender must honor your option',
              es: 'Ninguno, porque el prestamista debe respetar su opción',
            },
            correct: false,
          },
          {
            text: {
              en: 'Your rent automatically goes down',
              es: 'Su renta baja automáticamente',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read the point about the mortgage the seller still owes in "Risks for the tenant-buyer". What can a lender do when its loan is not paid, and how would that affect your right to buy?',
          es: 'Vuelva a leer el punto sobre la hipoteca del vendedor en "Riesgos para el inquilino comprador". ¿Qué puede hacer un prestamista cuando no se paga su préstamo y cómo afectaría eso a su derecho a comprar?',
        },
        explanation: {
          en: "The seller's loan usually comes before your option, so a foreclosure can end it; that is why tenant-buyers ask for proof of payment or use a servicer.",
          es: 'El préstamo del vendedor normalmente tiene prioridad sobre su opción, así que una ejecución hipotecaria puede extinguirla; por eso los inquilinos compradores piden comprobantes de pago o usan un administrador.',
        },
      },
    ],
  },
  {
    slug: 'hybrids-and-wraps',
    title: {
      en: 'Hybrids and wrap-around mortgages',
      es: 'Tratos híbridos e hipotecas envolventes',
    },
    summary: {
      en: 'How hybrid deals combine subject-to with seller financing, how a wrap-around mortgage works, and the risks of stacked loans.',
      es: 'Cómo los tratos híbridos combinan subject-to con financiamiento del vendedor, cómo funciona una hipoteca envolvente y los riesgos de apilar préstamos.',
    },
    body: {
      en: `## Hybrid deals

A hybrid combines two structures. The most common one: you take over the existing first loan subject-to, and the seller carries part of their equity as a second note, secured by a second deed of trust or mortgage. You pay less cash up front than if all of the seller's equity were paid at closing.

## Worked example: a hybrid

- Price: $320,000
- Existing first loan, taken subject-to: $240,000 balance, PITI of $1,650 a month
- Seller carries a second note: $60,000 at 5%, interest only, balloon in 5 years
- Entry fee to the seller: $320,000 − $240,000 − $60,000 = $20,000, plus closing costs
- Second note payment: $60,000 × 5% ÷ 12 = $250 a month
- Total monthly: $1,650 + $250 = $1,900

In year 5 you owe the full $60,000 on the second note, while the first loan is still running.

## Wrap-around mortgages

In a wrap, the seller sells you the home with a new seller-financed note that "wraps" the existing loan. You pay the seller on the wrap note, and the seller keeps paying the underlying loan. The seller's profit is the **spread**: the difference between what you pay and what the seller owes.

Example: the underlying loan has a $150,000 balance at 3.5%, with $674 a month of principal and interest. The wrap note is $190,000 at 7% over 30 years, about $1,264 a month. The monthly spread is $1,264 − $674 = $590, and the wrap includes $190,000 − $150,000 = $40,000 of the seller's equity.

## Third-party servicing

Use a reputable third-party servicing company. You pay the servicer; the servicer pays the underlying lender first and then sends the rest to the seller. Both of you get records showing that the underlying loan is really being paid. Without this, you could pay the seller faithfully while the seller stops paying the bank.

## Stacking risks

- **Due-on-sale still applies** to the underlying loan. A wrap or a second note does not remove the first lender's right to call its loan.
- **The second note's balloon** can come due while the first loan still exists, so you may need to refinance or pay it in cash.
- **Two debts, two defaults.** Missing either payment can lead to foreclosure by that lienholder.
- **Payment changes.** If the underlying loan has an escrow account or an adjustable rate, its payment can change, and the spread with it.
- **State rules.** Some states have specific rules and disclosures for wraps and seller-financed notes. Consult a licensed professional.
`,
      es: `## Tratos híbridos

Un trato híbrido (hybrid) combina dos estructuras. La más común: usted asume el primer préstamo existente en modalidad subject-to, y el vendedor financia parte de su capital como un segundo pagaré, garantizado con una segunda escritura de fideicomiso o hipoteca. Usted paga menos efectivo al inicio que si todo el capital del vendedor se pagara al cierre.

## Ejemplo práctico: un híbrido

- Precio: $320,000
- Primer préstamo existente, asumido subject-to: saldo de $240,000, PITI de $1,650 al mes
- El vendedor financia un segundo pagaré: $60,000 al 5%, solo intereses, pago global final (balloon) a los 5 años
- Pago de entrada al vendedor: $320,000 − $240,000 − $60,000 = $20,000, más los costos de cierre
- Pago del segundo pagaré: $60,000 × 5% ÷ 12 = $250 al mes
- Total mensual: $1,650 + $250 = $1,900

En el año 5 usted debe los $60,000 completos del segundo pagaré, mientras el primer préstamo sigue vigente.

## Hipotecas envolventes

En una hipoteca envolvente (wrap-around mortgage), el vendedor le vende la vivienda con un nuevo pagaré financiado por él que "envuelve" el préstamo existente. Usted le paga al vendedor el pagaré envolvente, y el vendedor sigue pagando el préstamo subyacente. La ganancia del vendedor es el **diferencial** (spread): la diferencia entre lo que usted paga y lo que el vendedor debe.

Ejemplo: el préstamo subyacente tiene un saldo de $150,000 al 3.5%, con $674 al mes de capital e intereses. El pagaré envolvente es de $190,000 al 7% a 30 años, unos $1,264 al mes. El diferencial mensual es $1,264 − $674 = $590, y el pagaré envolvente incluye $190,000 − $150,000 = $40,000 del capital del vendedor.

## Administración independiente

Use una compañía administradora independiente (third-party servicer) confiable. Usted le paga al administrador; este paga primero al prestamista subyacente y luego envía el resto al vendedor. Ambos reciben registros que muestran que el préstamo subyacente realmente se está pagando. Sin esto, usted podría pagarle fielmente al vendedor mientras el vendedor deja de pagarle al banco.

## Riesgos de apilar préstamos

- **El vencimiento anticipado por venta (due-on-sale) sigue aplicando** al préstamo subyacente. Un pagaré envolvente o un segundo pagaré no elimina el derecho del primer prestamista a declarar vencido su préstamo.
- **El pago global final del segundo pagaré** puede vencer mientras el primer préstamo sigue existiendo, así que quizá tenga que refinanciar o pagarlo en efectivo.
- **Dos deudas, dos incumplimientos.** Dejar de hacer cualquiera de los pagos puede llevar a una ejecución hipotecaria por parte de ese acreedor.
- **Cambios en el pago.** Si el préstamo subyacente tiene cuenta de escrow o tasa ajustable, su pago puede cambiar, y el diferencial con él.
- **Reglas estatales.** Algunos estados tienen reglas y divulgaciones específicas para hipotecas envolventes y pagarés financiados por el vendedor. Consulte a un profesional con licencia.
`,
    },
    quiz: [
      {
        question: {
          en: 'On a wrap, you pay $1,264 a month and the underlying loan payment is $674. What is the monthly spread?',
          es: 'En una hipoteca envolvente, usted paga $1,264 al mes y el pago del préstamo subyacente es de $674. ¿Cuál es el diferencial mensual?',
        },
        options: [
          {
            text: { en: '$674', es: '$674' },
            correct: false,
          },
          {
            text: { en: '$1,938', es: '$1,938' },
            correct: false,
          },
          {
            text: { en: '$590', es: '$590' },
            correct: true,
          },
          {
            text: { en: '$1,264', es: '$1,264' },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read "Wrap-around mortgages": the spread is the difference between what you pay the seller and what the seller pays on the underlying loan.',
          es: 'Vuelva a leer "Hipotecas envolventes": el diferencial es la diferencia entre lo que usted le paga al vendedor y lo que el vendedor paga del préstamo subyacente.',
        },
        explanation: {
          en: 'The spread is what you pay minus what the seller pays on the underlying loan: $1,264 − $674 = $590.',
          es: 'El diferencial es lo que usted paga menos lo que el vendedor paga del préstamo subyacente: $1,264 − $674 = $590.',
        },
      },
      {
        question: {
          en: 'Why use a third-party servicer on a wrap-around mortgage?',
          es: '¿Por qué usar un administrador independiente en una hipoteca envolvente?',
        },
        options: [
          {
            text: {
              en: 'It pays the underlying loan from your payment and gives both sides proof it was paid',
              es: 'Paga el préstamo subyacente con su pago y da a ambas partes prueba de que se pagó',
            },
            correct: true,
          },
          {
            text: {
              en: 'It removes the due-on-sale clause from the underlying loan',
              es: 'Elimina la cláusula de vencimiento anticipado del préstamo subyacente',
            },
            correct: false,
          },
          {
            text: {
              en: 'It guarantees that you can refinance any balloon',
              es: 'Garantiza que usted podrá refinanciar cualquier pago global final',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read "Third-party servicing". What could go wrong if you paid the seller directly, and how does a servicer prevent that?',
          es: 'Vuelva a leer "Administración independiente". ¿Qué podría salir mal si usted le pagara directamente al vendedor y cómo lo evita un administrador?',
        },
        explanation: {
          en: 'Your safety depends on the underlying loan being paid; a servicer pays it first and keeps records, so you are not relying on the seller alone.',
          es: 'Su seguridad depende de que se pague el préstamo subyacente; un administrador lo paga primero y lleva registros, así que usted no depende solo del vendedor.',
        },
      },
      {
        question: {
          en: 'In a hybrid, you take over the first loan and the seller carries a second note with a 5-year balloon. Which statement is true?',
          es: 'En un híbrido, usted asume el primer préstamo y el vendedor financia un segundo pagaré con pago global final a 5 años. ¿Qué afirmación es verdadera?',
        },
        options: [
          {
            text: {
              en: 'The second note removes the due-on-sale risk on the first loan',
              es: 'El segundo pagaré elimina el riesgo de vencimiento anticipado del primer préstamo',
            },
            correct: false,
          },
          {
            text: {
              en: "You must plan to pay the second note's balloon while the first loan is still running",
              es: 'Usted debe planificar el pago global final del segundo pagaré mientras el primer préstamo sigue vigente',
            },
            correct: true,
          },
          {
            text: {
              en: 'The first lender pays the second note if you fall behind',
              es: 'El primer prestamista paga el segundo pagaré si usted se atrasa',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read "Stacking risks" and the last line of "Worked example: a hybrid". Each loan keeps its own terms and its own lender: think about what each one requires of you, and when.',
          es: 'Vuelva a leer "Riesgos de apilar préstamos" y la última línea de "Ejemplo práctico: un híbrido". Cada préstamo conserva sus propias condiciones y su propio acreedor: piense en qué le exige cada uno a usted y cuándo.',
        },
        explanation: {
          en: 'Stacked loans keep both sets of risks: the first loan can still be called, and the second note comes due in full at its balloon date.',
          es: 'Los préstamos apilados conservan ambos tipos de riesgo: el primer préstamo aún puede declararse vencido, y el segundo pagaré vence por completo en la fecha de su pago global final.',
        },
      },
    ],
  },
  {
    slug: 'due-diligence-and-offering-on-dealclub',
    title: {
      en: 'Due diligence and making offers on DealClub',
      es: 'Diligencia debida y cómo ofertar en DealClub',
    },
    summary: {
      en: 'What to check before you buy, and how interest, offers, acceptance, escrow and first right of refusal work on DealClub.',
      es: 'Qué verificar antes de comprar y cómo funcionan en DealClub el interés, las ofertas, la aceptación, el escrow y el derecho de preferencia.',
    },
    body: {
      en: `## Due diligence before you commit

Creative deals move fast, but the checks are the same as in any purchase, plus a few more.

- **Title search and title insurance.** A title company searches the public records for liens, judgments, unpaid taxes and other claims. An owner's title insurance policy protects you against many title problems that were missed.
- **The right closing team.** Close with an escrow or title company, or a closing attorney, that has experience with subject-to, seller finance and wraps. Some will not handle them; those who do know the documents and disclosures your state requires.
- **Inspections.** Get a home inspection, and any specialist inspections it suggests, such as roof, sewer line or foundation.
- **HOA approvals.** If there is a homeowners association, check whether the sale or a lease needs its approval, and whether the dues are current.
- **Solar and other leases.** A solar lease or financed solar system usually has to be transferred to you with the provider's approval. Get the contract and its transfer or payoff terms.
- **Loan figures.** With the seller's written authorization, get from the servicer a **reinstatement** figure (what brings the loan current, including fees) and a **payoff** figure (what pays it off completely).

## A short checklist

- The recent mortgage statement matches the listing
- Title search reviewed and title insurance ordered
- Inspection done and repair costs known
- HOA, solar and other contracts confirmed
- Insurance in place from the closing date
- Third-party servicing set up for any ongoing payments

## How offering works on DealClub

1. **Read the deal.** Study the terms and the math on the listing: price, loan balance, rate, PITI and entry fee. Check the numbers yourself.
2. **Express interest or message the seller** if you have questions before you commit.
3. **Submit an offer.** Enter a cash price, or an entry fee for creative terms (cash deals take cash offers only), an estimated close date and an optional message. Submitting again replaces your earlier offer.
4. **The seller accepts one offer.** The deal then becomes pending, and the other open offers are declined.
5. **EMD goes to escrow.** After acceptance and a signed purchase contract, you deposit your EMD with the escrow or title company, never directly with the seller. Confirm wiring instructions by phone, using a number you already know, because wire fraud is common.

## First right of refusal

Some deals are listed as exclusive. For a limited time, an exclusive deal is shown only to Certified Buyers whose buying preferences match it, so they get the first chance to make an offer before other buyers see it. Finishing every lesson in this course earns you the Certified Buyer badge.

## A reminder

DealClub is a marketplace. It does not give legal or tax advice. Rules differ by state, so have a licensed professional review every contract before you sign.
`,
      es: `## Diligencia debida antes de comprometerse

Los tratos creativos avanzan rápido, pero las verificaciones son las mismas que en cualquier compra, y algunas más. A este proceso se le llama diligencia debida (due diligence).

- **Búsqueda de título y seguro de título.** Una compañía de títulos revisa los registros públicos en busca de gravámenes, sentencias, impuestos impagos y otros reclamos. Una póliza de seguro de título para el propietario lo protege contra muchos problemas de título que no se detectaron.
- **El equipo de cierre adecuado.** Cierre con una compañía de escrow o de títulos, o con un abogado de cierre, que tenga experiencia con subject-to, financiamiento del vendedor e hipotecas envolventes. Algunos no los manejan; quienes sí lo hacen conocen los documentos y las divulgaciones que exige su estado.
- **Inspecciones.** Haga una inspección de la vivienda y las inspecciones especializadas que esta sugiera, como techo, línea de drenaje o cimientos.
- **Aprobaciones de la HOA.** Si hay una asociación de propietarios (HOA), verifique si la venta o un arrendamiento requiere su aprobación y si las cuotas están al día.
- **Paneles solares y otros arrendamientos.** Un arrendamiento solar o un sistema solar financiado normalmente debe transferirse a usted con la aprobación del proveedor. Obtenga el contrato y sus condiciones de transferencia o liquidación.
- **Cifras del préstamo.** Con la autorización escrita del vendedor, obtenga del administrador una cifra de **restablecimiento** (reinstatement), lo que pone el préstamo al día con cargos incluidos, y una cifra de **liquidación** (payoff), lo que lo paga por completo.

## Una lista breve

- El estado de cuenta hipotecario reciente coincide con el anuncio
- Búsqueda de título revisada y seguro de título solicitado
- Inspección hecha y costos de reparación conocidos
- HOA, paneles solares y otros contratos confirmados
- Seguro vigente desde la fecha de cierre
- Administración independiente contratada para cualquier pago continuo

## Cómo funcionan las ofertas en DealClub

1. **Lea el trato.** Estudie las condiciones y los números del anuncio: precio, saldo del préstamo, tasa, PITI y pago de entrada. Verifique los números usted mismo.
2. **Exprese interés o envíe un mensaje al vendedor** si tiene preguntas antes de comprometerse.
3. **Envíe una oferta.** Indique un precio de contado, o un pago de entrada para condiciones creativas (los tratos de contado solo aceptan ofertas de contado), una fecha estimada de cierre y un mensaje opcional. Si envía otra oferta, reemplaza la anterior.
4. **El vendedor acepta una oferta.** El trato pasa entonces a pendiente, y las demás ofertas abiertas se rechazan.
5. **El depósito de garantía (EMD) va al escrow.** Después de la aceptación y de firmar el contrato de compraventa, usted deposita su EMD con la compañía de escrow o de títulos, nunca directamente con el vendedor. Confirme las instrucciones de transferencia por teléfono, usando un número que ya conozca, porque el fraude con transferencias es común.

## Derecho de preferencia

Algunos tratos se publican como exclusivos. Durante un tiempo limitado, un trato exclusivo solo se muestra a los Compradores Certificados (Certified Buyers) cuyas preferencias de compra coinciden con él, así que tienen la primera oportunidad de ofertar antes de que lo vean otros compradores. Este es su derecho de preferencia (first right of refusal). Completar todas las lecciones de este curso le otorga la insignia de Comprador Certificado.

## Un recordatorio

DealClub es un mercado en línea. No da asesoría legal ni fiscal. Las reglas varían según el estado, así que pida a un profesional con licencia que revise cada contrato antes de firmar.
`,
    },
    quiz: [
      {
        question: {
          en: 'Your offer has been accepted. Where should your EMD go?',
          es: 'Su oferta fue aceptada. ¿A dónde debe ir su depósito de garantía (EMD)?',
        },
        options: [
          {
            text: {
              en: 'Directly to the seller, by wire',
              es: 'Directamente al vendedor, por transferencia',
            },
            correct: false,
          },
          {
            text: {
              en: 'To the escrow or title company handling the closing',
              es: 'A la compañía de escrow o de títulos que maneja el cierre',
            },
            correct: true,
          },
          {
            text: {
              en: 'To DealClub, which holds it until closing',
              es: 'A DealClub, que lo guarda hasta el cierre',
            },
            correct: false,
          },
        ],
        hint: {
          en: 'Re-read step 5 of "How offering works on DealClub": who holds the EMD until closing, and why does that protect both sides?',
          es: 'Vuelva a leer el paso 5 de "Cómo funcionan las ofertas en DealClub": ¿quién guarda el EMD hasta el cierre y por qué eso protege a ambas partes?',
        },
        explanation: {
          en: 'The EMD is held by the neutral escrow or title company under the purchase contract, which protects both sides; never send it straight to the seller.',
          es: 'El EMD lo guarda la compañía de escrow o de títulos, que es neutral, según el contrato de compraventa, lo que protege a ambas partes; nunca lo envíe directamente al vendedor.',
        },
      },
      {
        question: {
          en: 'What is the difference between a reinstatement figure and a payoff figure?',
          es: '¿Cuál es la diferencia entre una cifra de restablecimiento y una cifra de liquidación?',
        },
        options: [
          {
            text: {
              en: 'They are two names for the same number',
              es: 'Son dos nombres para el mismo número',
            },
            correct: false,
          },
          {
            text: {
              en: 'Reinstatement is the purchase price; payoff is the entry fee',
              es: 'El restablecimiento es el precio de compra; la liquidación es el pago de entrada',
            },
            correct: false,
          },
          {
            text: {
              en: 'Reinstatement covers only property taxes; payoff covers only insurance',
              es: 'El restablecimiento cubre solo impuestos a la propiedad; la liquidación cubre solo el seguro',
            },
            correct: false,
          },
          {
            text: {
              en: 'Reinstatement brings the loan current; payoff pays the loan off completely',
              es: 'El restablecimiento pone el préstamo al día; la liquidación paga el préstamo por completo',
            },
            correct: true,
          },
        ],
        hint: {
          en: 'Re-read the point on loan figures in "Due diligence before you commit". The two bold words name two different amounts: what does each one pay for?',
          es: 'Vuelva a leer el punto sobre las cifras del préstamo en "Diligencia debida antes de comprometerse". Las dos palabras en negrita nombran dos montos distintos: ¿qué paga cada uno?',
        },
        explanation: {
          en: 'To take over a loan you need the reinstatement figure (missed payments and fees); to end it you need the payoff figure (the whole balance plus anything owed).',
          es: 'Para asumir un préstamo necesita la cifra de restablecimiento (pagos atrasados y cargos); para terminarlo necesita la cifra de liquidación (todo el saldo más lo que se deba).',
        },
      },
      {
        question: {
          en: 'What does first right of refusal give a Certified Buyer on an exclusive deal?',
          es: '¿Qué le da el derecho de preferencia a un Comprador Certificado en un trato exclusivo?',
        },
        options: [
          {
            text: {
              en: 'A guarantee that the seller will accept their offer',
              es: 'La garantía de que el vendedor aceptará su oferta',
            },
            correct: false,
          },
          {
            text: {
              en: 'A discount on the listed price',
              es: 'Un descuento sobre el precio anunciado',
            },
            correct: false,
          },
          {
            text: {
              en: 'A limited time to see the deal and make an offer before other buyers',
              es: 'Un tiempo limitado para ver el trato y ofertar antes que otros compradores',
            },
            correct: true,
          },
        ],
        hint: {
          en: 'Re-read "First right of refusal". What does an exclusive listing change for matching Certified Buyers compared with other buyers?',
          es: 'Vuelva a leer "Derecho de preferencia". ¿Qué cambia un trato exclusivo para los Compradores Certificados que coinciden, en comparación con otros compradores?',
        },
        explanation: {
          en: 'Exclusive deals are shown first to matching Certified Buyers for a limited time; the seller still chooses which offer, if any, to accept.',
          es: 'Los tratos exclusivos se muestran primero, durante un tiempo limitado, a los Compradores Certificados que coinciden; el vendedor sigue eligiendo qué oferta aceptar, si acepta alguna.',
        },
      },
    ],
  },
];
