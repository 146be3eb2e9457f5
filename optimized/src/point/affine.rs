//! Affine points: [`AffinePoint`], with an explicit identity flag, and
//! [`AffineXY`], a bare (x, y) that is never the identity (the entries of
//! the odd-multiples and comb tables).
//!
//! Constant time: selections and comparisons by mask.

use super::params::CurveParams;
use crate::arith::field::Field;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};

/// An affine point; `infinity` set means the identity (x, y are then 0).
#[derive(Clone, Copy, Debug)]
pub struct AffinePoint<C: CurveParams> {
    /// x.
    pub x: C::Fe,
    /// y.
    pub y: C::Fe,
    /// Whether this is the point at infinity.
    pub infinity: Choice,
}

impl<C: CurveParams> AffinePoint<C> {
    /// The point at infinity.
    pub fn identity() -> Self {
        AffinePoint {
            x: C::Fe::ZERO,
            y: C::Fe::ZERO,
            infinity: Choice::from(1),
        }
    }

    /// The standard generator.
    pub fn generator() -> Self {
        AffinePoint {
            x: C::GENERATOR.0,
            y: C::GENERATOR.1,
            infinity: Choice::from(0),
        }
    }

    /// Whether (x, y) satisfies y² = x³ + b (the identity counts as on the curve).
    pub fn is_on_curve(&self) -> Choice {
        let lhs = self.y.square();
        let rhs = self.x.square() * self.x + C::B;
        lhs.ct_eq(&rhs) | self.infinity
    }
}

impl<C: CurveParams> ConditionallySelectable for AffinePoint<C> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        AffinePoint {
            x: C::Fe::conditional_select(&a.x, &b.x, c),
            y: C::Fe::conditional_select(&a.y, &b.y, c),
            infinity: Choice::conditional_select(&a.infinity, &b.infinity, c),
        }
    }
}

impl<C: CurveParams> ConstantTimeEq for AffinePoint<C> {
    fn ct_eq(&self, o: &Self) -> Choice {
        (self.infinity & o.infinity)
            | (!self.infinity & !o.infinity & self.x.ct_eq(&o.x) & self.y.ct_eq(&o.y))
    }
}

/// An affine point that is never the identity (table entries).
#[derive(Clone, Copy, Debug)]
pub struct AffineXY<F> {
    /// x.
    pub x: F,
    /// y.
    pub y: F,
}

impl<F: Field> ConditionallySelectable for AffineXY<F> {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        AffineXY {
            x: F::conditional_select(&a.x, &b.x, c),
            y: F::conditional_select(&a.y, &b.y, c),
        }
    }
}

impl<F: Field> ConditionallyNegatable for AffineXY<F> {
    /// −y as 0 − y without a carry (`Field::sub_mag`), magnitude 2: the
    /// entries are products or table constants (magnitude 1), and the
    /// mixed additions they go to take it.
    fn conditional_negate(&mut self, c: Choice) {
        self.y = F::conditional_select(&self.y, &self.y.neg_lazy(), c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::secp256k1::{Fe, Secp256k1};

    type P = AffinePoint<Secp256k1>;

    fn point(x: Fe, y: Fe) -> P {
        AffinePoint {
            x,
            y,
            infinity: Choice::from(0),
        }
    }

    /// The curve equation, on and off the curve: G and −G satisfy it, G
    /// with y + 1 or x + 1 does not, and the identity counts as on it.
    #[test]
    fn the_curve_equation() {
        let g = P::generator();
        assert!(bool::from(g.is_on_curve()));
        assert!(bool::from(point(g.x, -g.y).is_on_curve()));
        assert!(!bool::from(point(g.x, g.y + Fe::ONE).is_on_curve()));
        assert!(!bool::from(point(g.x + Fe::ONE, g.y).is_on_curve()));
        assert!(bool::from(P::identity().is_on_curve()));
    }

    /// Equality: the identity equals itself and nothing else; a finite
    /// point equals only the same (x, y).
    #[test]
    fn equality() {
        let (g, o) = (P::generator(), P::identity());
        let zero = point(Fe::ZERO, Fe::ZERO);
        assert!(bool::from(o.ct_eq(&o)));
        assert!(bool::from(g.ct_eq(&g)));
        assert!(!bool::from(o.ct_eq(&g)) && !bool::from(g.ct_eq(&o)));
        assert!(!bool::from(o.ct_eq(&zero)) && !bool::from(zero.ct_eq(&o)));
        assert!(!bool::from(g.ct_eq(&point(g.x, -g.y))));
        assert!(!bool::from(g.ct_eq(&point(-g.x, g.y))));
    }
}
