import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";

async function fetchPlans() {
  return (await unwrap(api.admin.plans.$get())).plans;
}
async function fetchCoupons() {
  return (await unwrap(api.admin.coupons.$get())).coupons;
}
export type AdminPlan = Awaited<ReturnType<typeof fetchPlans>>[number];
export type AdminCoupon = Awaited<ReturnType<typeof fetchCoupons>>[number];

/** Every query of the administrators' page starts with "admin". */
export const adminQueries = {
  all: ["admin"] as const,
  plans: () =>
    queryOptions({ queryKey: [...adminQueries.all, "plans"] as const, queryFn: fetchPlans }),
  coupons: () =>
    queryOptions({ queryKey: [...adminQueries.all, "coupons"] as const, queryFn: fetchCoupons }),
};

/** A change by an administrator: afterwards the admin lists and the public plans are refetched. */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueries.all }),
        queryClient.invalidateQueries({ queryKey: ["billing"] }),
      ]),
  });
}

type PlanUpdate = Parameters<(typeof api.admin.plans)[":id"]["$put"]>[0]["json"];
type FeatureInput = Parameters<(typeof api.admin.plans)[":id"]["features"]["$post"]>[0]["json"];
type FeatureUpdate = Parameters<
  (typeof api.admin.plans)[":id"]["features"][":featureId"]["$put"]
>[0]["json"];
type CouponInput = Parameters<typeof api.admin.coupons.$post>[0]["json"];
type CouponUpdate = Parameters<(typeof api.admin.coupons)[":id"]["$put"]>[0]["json"];

export const useUpdatePlan = () =>
  useAdminMutation(({ id, json }: { id: string; json: PlanUpdate }) =>
    unwrap(api.admin.plans[":id"].$put({ param: { id }, json })),
  );
export const useAddFeature = () =>
  useAdminMutation(({ id, json }: { id: string; json: FeatureInput }) =>
    unwrap(api.admin.plans[":id"].features.$post({ param: { id }, json })),
  );
export const useUpdateFeature = () =>
  useAdminMutation(
    ({ id, featureId, json }: { id: string; featureId: string; json: FeatureUpdate }) =>
      unwrap(
        api.admin.plans[":id"].features[":featureId"].$put({ param: { id, featureId }, json }),
      ),
  );
export const useDeleteFeature = () =>
  useAdminMutation(({ id, featureId }: { id: string; featureId: string }) =>
    unwrap(api.admin.plans[":id"].features[":featureId"].$delete({ param: { id, featureId } })),
  );
export const useCreateCoupon = () =>
  useAdminMutation((json: CouponInput) => unwrap(api.admin.coupons.$post({ json })));
export const useDeleteCoupon = () =>
  useAdminMutation((id: string) => unwrap(api.admin.coupons[":id"].$delete({ param: { id } })));
export const useUpdateCoupon = () =>
  useAdminMutation(({ id, json }: { id: string; json: CouponUpdate }) =>
    unwrap(api.admin.coupons[":id"].$put({ param: { id }, json })),
  );
