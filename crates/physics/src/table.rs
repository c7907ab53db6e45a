//! The board as rapier rigid bodies, and the stepping that carries a shot to rest.
//!
//! [`Table`] owns a complete rapier world. The stepping itself, [`step_board`], works on
//! borrowed rapier structures ([`RapierParts`]) so that the game can run the very same step on
//! bevy_rapier2d's sets and stay bit-identical with this headless simulator.
//!
//! The words of the table (pieces, bodies, events, the roster) are in `pieces`; building the
//! world is `build`; one step is `step`; the contact normals of impacts are `impact`.

mod build;
mod impact;
mod pieces;
mod step;

pub use build::{ColliderRestitution, build_board, insert_striker};
pub use impact::ImpactNormals;
pub use pieces::{
    BodyId, Event, EventKind, Fate, G, Member, Piece, PieceColour, Roster, bind_entity,
};
pub use step::{Clock, RapierParts, StepReport, integration_parameters, step_board};

use crate::spec::Spec;
use rapier2d::math::Vector as Vec2;
use rapier2d::prelude::*;

/// A rapier world holding one carrom board.
pub struct Table {
    pub spec: Spec,
    pub roster: Roster,
    pub params: IntegrationParameters,
    pub islands: IslandManager,
    pub broad_phase: DefaultBroadPhase,
    pub narrow_phase: NarrowPhase,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub impulse_joints: ImpulseJointSet,
    pub multibody_joints: MultibodyJointSet,
    pub ccd_solver: CCDSolver,
    pub pipeline: PhysicsPipeline,
}

impl Clone for Table {
    fn clone(&self) -> Self {
        Table {
            spec: self.spec.clone(),
            roster: self.roster.clone(),
            params: self.params,
            islands: self.islands.clone(),
            broad_phase: self.broad_phase.clone(),
            narrow_phase: self.narrow_phase.clone(),
            bodies: self.bodies.clone(),
            colliders: self.colliders.clone(),
            impulse_joints: self.impulse_joints.clone(),
            multibody_joints: self.multibody_joints.clone(),
            ccd_solver: self.ccd_solver.clone(),
            // The pipeline holds only scratch space.
            pipeline: PhysicsPipeline::new(),
        }
    }
}

impl Table {
    /// A board with these pieces and no striker.
    pub fn new(spec: &Spec, pieces: &[Piece]) -> Table {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let roster = build_board(spec, pieces, &mut bodies, &mut colliders);
        Table {
            spec: spec.clone(),
            roster,
            params: integration_parameters(spec),
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::new(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            ccd_solver: CCDSolver::new(),
            pipeline: PhysicsPipeline::new(),
        }
    }

    /// Puts the striker on the board at `at`, moving with `velocity`. A table holds at most one
    /// striker; placing it again replaces the old one.
    pub fn place_striker(&mut self, at: Vec2, velocity: Vec2) {
        if let Some(old) = self.roster.striker.take() {
            self.bodies.remove(
                old.body,
                &mut self.islands,
                &mut self.colliders,
                &mut self.impulse_joints,
                &mut self.multibody_joints,
                true,
            );
        }
        let member = insert_striker(
            &self.spec,
            &mut self.bodies,
            &mut self.colliders,
            at,
            velocity,
        );
        self.roster.striker = Some(member);
    }

    /// Borrows the rapier structures for [`step_board`].
    pub fn parts(&mut self) -> (RapierParts<'_>, &mut Roster, &Spec) {
        (
            RapierParts {
                pipeline: &mut self.pipeline,
                params: &mut self.params,
                islands: &mut self.islands,
                broad_phase: &mut self.broad_phase,
                narrow_phase: &mut self.narrow_phase,
                bodies: &mut self.bodies,
                colliders: &mut self.colliders,
                impulse_joints: &mut self.impulse_joints,
                multibody_joints: &mut self.multibody_joints,
                ccd_solver: &mut self.ccd_solver,
                events: &(),
            },
            &mut self.roster,
            &self.spec,
        )
    }

    /// One adaptive step.
    pub fn step(&mut self, clock: &mut Clock, events: &mut Vec<Event>) -> StepReport {
        let (parts, roster, spec) = self.parts();
        step_board(parts, roster, spec, clock, events)
    }

    /// Steps until everything rests or the time limit passes.
    pub fn run_to_rest(&mut self) -> Outcome {
        for m in self
            .roster
            .pieces
            .iter_mut()
            .chain(self.roster.striker.as_mut())
        {
            m.distance = 0.0;
        }
        let mut clock = Clock::default();
        let mut events = Vec::new();
        let mut finished = false;
        while clock.time < self.spec.sim.max_time {
            if self.step(&mut clock, &mut events).at_rest {
                finished = true;
                break;
            }
        }
        Outcome {
            events,
            time: clock.time,
            steps: clock.steps,
            finished,
        }
    }

    /// Where a body is now (its last position if it left the board).
    pub fn position(&self, id: BodyId) -> Option<Vec2> {
        self.roster
            .member(id)
            .map(|m| self.bodies[m.body].translation())
    }

    pub fn velocity(&self, id: BodyId) -> Option<Vec2> {
        self.roster.member(id).map(|m| self.bodies[m.body].linvel())
    }

    pub fn fate(&self, id: BodyId) -> Option<Fate> {
        self.roster.member(id).map(|m| m.fate)
    }

    /// The pieces still on the board, as a layout for the next shot.
    pub fn layout(&self) -> Vec<Piece> {
        self.roster
            .pieces
            .iter()
            .zip(&self.roster.kinds)
            .filter(|(m, _)| m.fate == Fate::OnBoard)
            .map(|(m, kind)| Piece::new(*kind, self.bodies[m.body].translation()))
            .collect()
    }
}

/// What a shot did once everything came to rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub events: Vec<Event>,
    pub time: f32,
    pub steps: u32,
    /// False when the time limit stopped the shot before everything rested.
    pub finished: bool,
}
