/** The sections of the deal form; each takes the form and shows its fields. */
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  DEAL_LOT_SIZE_UNITS,
  DEED_TRANSFER_TYPES,
  FINANCING_QUALIFICATIONS,
  FIXED_TAGS,
  LOAN_TYPES,
  PARKING_OPTIONS,
  PET_TYPES,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
  RESTRICTIONS,
  SOLAR_OPTIONS,
  SYSTEM_TAGS,
} from '@dealclub/shared/deal-rules';
import { stateOptions } from '@/components/ui/state-options';
import {
  Checkbox,
  Choices,
  DateInput,
  FormSection,
  NumberInput,
  Row,
  Select,
  TextArea,
  TextInput,
  type DealFormApi,
} from './form-controls';
import { labelOf, optionsOf } from './form-labels';

type Props = { form: DealFormApi };

export function AddressSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.address')}>
      <Row>
        <TextInput
          form={form}
          name="streetAddress"
          label={t('dealForm.fields.streetAddress')}
          autoComplete="address-line1"
          maxLength={200}
        />
        <TextInput
          form={form}
          name="unit"
          label={t('dealForm.fields.unit')}
          autoComplete="address-line2"
          maxLength={20}
        />
      </Row>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput form={form} name="city" label={t('dealForm.fields.city')} autoComplete="address-level2" />
        <Select
          form={form}
          name="state"
          label={t('dealForm.fields.state')}
          placeholder={t('geo.chooseState')}
          options={stateOptions(t)}
        />
        <TextInput
          form={form}
          name="zipCode"
          label={t('dealForm.fields.zipCode')}
          autoComplete="postal-code"
          maxLength={5}
        />
      </div>
      <Checkbox
        form={form}
        name="hideAddress"
        label={t('dealForm.fields.hideAddress')}
        hint={t('dealForm.hints.hideAddress')}
      />
    </FormSection>
  );
}

export function PriceSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.price')}>
      <Row>
        <NumberInput form={form} name="purchasePrice" label={t('dealForm.fields.purchasePrice')} />
        <NumberInput form={form} name="emd" label={t('dealForm.fields.emd')} />
      </Row>
      <Row>
        <DateInput
          form={form}
          name="expectedCloseOfEscrow"
          label={t('dealForm.fields.expectedCloseOfEscrow')}
        />
      </Row>
      <Choices
        form={form}
        name="category"
        type="radio"
        label={t('dealForm.fields.category')}
        options={optionsOf(t, 'category', CATEGORIES)}
      />
      <Choices
        form={form}
        name="traditionalFinancingQualifications"
        type="checkbox"
        columns={3}
        label={t('dealForm.fields.traditionalFinancingQualifications')}
        options={optionsOf(t, 'financing', FINANCING_QUALIFICATIONS)}
      />
    </FormSection>
  );
}

export function PurchaseTypeSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.purchaseType')} lead={t('dealForm.hints.purchaseType')}>
      <Choices
        form={form}
        name="purchaseType"
        type="radio"
        label={t('dealForm.fields.purchaseType')}
        options={optionsOf(t, 'purchaseType', PURCHASE_TYPES)}
      />
    </FormSection>
  );
}

export function SubjectToSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.subjectTo')}>
      <Row>
        <Select
          form={form}
          name="loanType"
          label={t('dealForm.fields.loanType')}
          placeholder={t('dealForm.choose')}
          options={optionsOf(t, 'loanType', LOAN_TYPES)}
        />
        <NumberInput form={form} name="interestRate" step={0.001} label={t('dealForm.fields.interestRate')} />
      </Row>
      <Row>
        <NumberInput form={form} name="loanBalance" label={t('dealForm.fields.loanBalance')} />
        <DateInput form={form} name="loanMaturityDate" label={t('dealForm.fields.loanMaturityDate')} />
      </Row>
      <Row>
        <NumberInput form={form} name="piti" label={t('dealForm.fields.piti')} />
        <NumberInput form={form} name="entryFee" label={t('dealForm.fields.entryFee')} />
      </Row>
    </FormSection>
  );
}

export function SellerFinanceSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.sellerFinance')}>
      <Row>
        <NumberInput form={form} name="sellerLoanAmount" label={t('dealForm.fields.sellerLoanAmount')} />
        <NumberInput
          form={form}
          name="sellerInterestRate"
          step={0.001}
          label={t('dealForm.fields.sellerInterestRate')}
        />
      </Row>
      <Row>
        <NumberInput form={form} name="piMonthlyPayment" label={t('dealForm.fields.piMonthlyPayment')} />
        <DateInput form={form} name="sellerLoanMaturity" label={t('dealForm.fields.sellerLoanMaturity')} />
      </Row>
      <Row>
        <Select
          form={form}
          name="deedTransferType"
          label={t('dealForm.fields.deedTransferType')}
          placeholder={t('dealForm.choose')}
          options={optionsOf(t, 'deedTransferType', DEED_TRANSFER_TYPES)}
        />
      </Row>
    </FormSection>
  );
}

export function LeaseOptionSection({ form }: Props) {
  const { t } = useTranslation();
  const credited = form.watch('monthlyPaymentCredited');
  const pets = form.watch('petsAllowed');
  return (
    <FormSection title={t('dealForm.sections.leaseOption')}>
      <Row>
        <NumberInput form={form} name="optionFee" label={t('dealForm.fields.optionFee')} />
        <NumberInput form={form} name="optionSalePrice" label={t('dealForm.fields.optionSalePrice')} />
      </Row>
      <Row>
        <NumberInput
          form={form}
          name="optionTermYears"
          step={0.5}
          min={1}
          label={t('dealForm.fields.optionTermYears')}
        />
        <NumberInput
          form={form}
          name="monthlyLeasePayment"
          label={t('dealForm.fields.monthlyLeasePayment')}
        />
      </Row>
      <Checkbox form={form} name="optionFeeDeducted" label={t('dealForm.fields.optionFeeDeducted')} />
      <Checkbox
        form={form}
        name="monthlyPaymentCredited"
        label={t('dealForm.fields.monthlyPaymentCredited')}
      />
      {credited && (
        <Row>
          <NumberInput
            form={form}
            name="monthlyCreditAmount"
            label={t('dealForm.fields.monthlyCreditAmount')}
          />
        </Row>
      )}
      <Row>
        <NumberInput form={form} name="securityDeposit" label={t('dealForm.fields.securityDeposit')} />
      </Row>
      <Checkbox form={form} name="petsAllowed" label={t('dealForm.fields.petsAllowed')} />
      {pets && (
        <div className="grid gap-4 border-l-2 border-slate-100 pl-4">
          <Choices
            form={form}
            name="allowedPetTypes"
            type="checkbox"
            columns={3}
            label={t('dealForm.fields.allowedPetTypes')}
            options={optionsOf(t, 'petType', PET_TYPES)}
          />
          <Row>
            <NumberInput form={form} name="petFee" label={t('dealForm.fields.petFee')} />
          </Row>
        </div>
      )}
      <Checkbox form={form} name="utilitiesIncluded" label={t('dealForm.fields.utilitiesIncluded')} />
      <Checkbox form={form} name="allowsSublease" label={t('dealForm.fields.allowsSublease')} />
      <Checkbox form={form} name="appliancesIncluded" label={t('dealForm.fields.appliancesIncluded')} />
    </FormSection>
  );
}

export function PropertySection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.property')}>
      <Row>
        <Select
          form={form}
          name="propertyType"
          label={t('dealForm.fields.propertyType')}
          placeholder={t('dealForm.choose')}
          options={optionsOf(t, 'propertyType', PROPERTY_TYPES)}
        />
        <NumberInput form={form} name="yearBuilt" min={1800} label={t('dealForm.fields.yearBuilt')} />
      </Row>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberInput form={form} name="bedrooms" label={t('dealForm.fields.bedrooms')} />
        <NumberInput form={form} name="bathrooms" step={0.5} label={t('dealForm.fields.bathrooms')} />
        <NumberInput form={form} name="squareFootage" label={t('dealForm.fields.squareFootage')} />
      </div>
      <Row>
        <NumberInput form={form} name="lotSize" step="any" label={t('dealForm.fields.lotSize')} />
        <Select
          form={form}
          name="lotSizeUnit"
          label={t('dealForm.fields.lotSizeUnit')}
          options={optionsOf(t, 'lotSizeUnit', DEAL_LOT_SIZE_UNITS)}
        />
      </Row>
      <Row>
        <Select
          form={form}
          name="solar"
          label={t('dealForm.fields.solar')}
          options={optionsOf(t, 'solar', SOLAR_OPTIONS)}
        />
        <NumberInput form={form} name="solarMonthlyFee" label={t('dealForm.fields.solarMonthlyFee')} />
      </Row>
      <Row>
        <Select
          form={form}
          name="parking"
          label={t('dealForm.fields.parking')}
          options={optionsOf(t, 'parking', PARKING_OPTIONS)}
        />
        <TextInput
          form={form}
          name="additionalParking"
          maxLength={200}
          label={t('dealForm.fields.additionalParking')}
        />
      </Row>
      <Row>
        <NumberInput form={form} name="hoaMonthlyFee" label={t('dealForm.fields.hoaMonthlyFee')} />
      </Row>
      <Choices
        form={form}
        name="restrictions"
        type="checkbox"
        label={t('dealForm.fields.restrictions')}
        options={optionsOf(t, 'restriction', RESTRICTIONS)}
      />
      <div className="grid gap-1 sm:grid-cols-2">
        <Checkbox form={form} name="agentInvolved" label={t('dealForm.fields.agentInvolved')} />
        <Checkbox form={form} name="privatePool" label={t('dealForm.fields.privatePool')} />
      </div>
    </FormSection>
  );
}

export function DescriptionSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.description')}>
      <TextArea
        form={form}
        name="description"
        rows={8}
        label={t('dealForm.fields.description')}
        hint={t('dealForm.hints.description')}
      />
    </FormSection>
  );
}

export function TagsSection({ form }: Props) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.tags')}>
      <Choices
        form={form}
        name="tags"
        type="checkbox"
        label={t('dealForm.fields.tags')}
        options={optionsOf(t, 'tag', FIXED_TAGS)}
      />
      <p className="text-sm text-slate-600">
        {t('dealForm.hints.systemTags', {
          tags: SYSTEM_TAGS.map((tag) => labelOf(t, 'tag', tag)).join(', '),
        })}
      </p>
    </FormSection>
  );
}

export function CertificationSection({ form, isNew }: Props & { isNew: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('dealForm.sections.certification')}>
      {isNew && (
        <Checkbox
          form={form}
          name="exclusive"
          label={t('dealForm.fields.exclusive')}
          hint={t('dealForm.hints.exclusive')}
        />
      )}
      <Checkbox form={form} name="legalCertification" label={t('dealForm.fields.legalCertification')} />
    </FormSection>
  );
}
