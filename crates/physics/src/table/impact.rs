//! The impact hook: the contact normal of a disc-disc impact is the line of centres at the
//! moment of impact, not at the start of the step.

use super::pieces::{TAG_SHIFT, Tag, radius_of, tag_of};
use crate::spec::BoardSpec;
use rapier2d::math::Vector as Vec2;
use rapier2d::prelude::*;

/// Rapier resolves a speculative contact (two discs still apart at the start of the step) along
/// the line of centres of the start of the step. For a cut that is not the line of centres at
/// the impact, and the struck piece would leave several degrees off. This hook replaces the
/// normal of every disc-disc contact that is still open by the line of centres at the moment of
/// impact on the straight paths (or, for paths that miss, at their closest approach), and its
/// gap by the distance the discs close along that line before they touch.
#[derive(Clone, Copy, Debug)]
pub struct ImpactNormals<'a> {
    pub board: &'a BoardSpec,
}

impl ImpactNormals<'_> {
    /// The radius of a disc collider (from its tag), or None for the frame and the pockets.
    fn radius(&self, collider: Option<&Collider>) -> Option<f32> {
        match tag_of(collider?.user_data >> TAG_SHIFT) {
            Tag::Body(id) => Some(radius_of(self.board, id)),
            _ => None,
        }
    }
}

impl PhysicsHooks for ImpactNormals<'_> {
    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        let (Some(h1), Some(h2)) = (context.rigid_body1, context.rigid_body2) else {
            return;
        };
        let (Some(r1), Some(r2)) = (
            self.radius(context.colliders.get(context.collider1)),
            self.radius(context.colliders.get(context.collider2)),
        ) else {
            return;
        };
        let (rb1, rb2) = (&context.bodies[h1], &context.bodies[h2]);
        let (p1, p2) = (rb1.translation(), rb2.translation());
        let d = p2 - p1;
        let u = rb2.linvel() - rb1.linvel();
        let contact = r1 + r2;
        let c = d.length_squared() - contact * contact;
        let closing = d.dot(u);
        let speed2 = u.length_squared();
        // Touching or overlapping, separating, or not moving: rapier's contact is right.
        if c <= 0.0 || closing >= 0.0 || speed2 == 0.0 {
            return;
        }
        let disc = closing * closing - speed2 * c;
        let centres = if disc >= 0.0 {
            // The first time the centres are `contact` apart (the numerically stable root).
            d + u * (c / (-closing + disc.sqrt()))
        } else {
            d - u * (closing / speed2)
        };
        let n = centres.normalize_or_zero();
        if n == Vec2::ZERO {
            return;
        }
        *context.normal = n;
        let gap = d.dot(n) - contact;
        for sc in context.solver_contacts.iter_mut() {
            sc.anchor1 = p1 + n * r1;
            sc.anchor2 = p2 - n * r2;
            sc.dist = gap;
        }
    }
}
