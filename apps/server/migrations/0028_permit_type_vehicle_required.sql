-- Whether a permit of the type must name a vehicle (decision 0039 §11). Every type did in practice, so every
-- existing type (the system types included) starts with true; permits already saved without a vehicle stay as
-- they are (the rule is checked when a permit is created, or edited to another type or without its vehicle).
ALTER TABLE "permit_types" ADD COLUMN "vehicle_required" boolean DEFAULT true NOT NULL;
