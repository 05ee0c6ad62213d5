package dev.rubble.plugin.field;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.field.FieldNodeFactory;
import java.util.List;

/**
 * Offers Chaos's field nodes (reference: chaos-fields-events-cache §1.4-1.5; docs/fields.md) in
 * SI units: masks, uniform values, waves, falloffs, noise, vectors, operators, conversions, culling
 * and return-results.
 */
public final class FieldNodesPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "field-nodes";
    }

    @Override
    public Iterable<FieldNodeFactory> fieldNodes() {
        return List.of(
                new NodeFactory("uniform-integer", "an int everywhere", UniformInteger::new),
                new NodeFactory("radial-int-mask", "interior/exterior ints of a sphere, with set-mask conditions", RadialIntMask::new),
                new NodeFactory("uniform-scalar", "a scalar everywhere", UniformScalar::new),
                new NodeFactory("wave-scalar", "a cosine, Gaussian, falloff or decay wave whose front grows with time", WaveScalar::new),
                new NodeFactory("radial-falloff", "a scalar falling off from a centre to a radius", RadialFalloff::new),
                new NodeFactory("plane-falloff", "a scalar falling off behind a plane", PlaneFalloff::new),
                new NodeFactory("box-falloff", "a scalar falling off from a box's centre to its faces", BoxFalloff::new),
                new NodeFactory("noise", "seeded Perlin noise between min and max, tiled by a transform", Noise::new),
                new NodeFactory("uniform-vector", "a vector everywhere", UniformVector::new),
                new NodeFactory("radial-vector", "unit vectors pointing away from a centre", RadialVector::new),
                new NodeFactory("rotated-radial-vector", "radial vectors turned about an axis (a vortex)", RotatedRadialVector::new),
                new NodeFactory("random-vector", "seeded random unit vectors, one per sample identity", RandomVector::new),
                new NodeFactory("operator", "multiply, divide (zero guard), add or subtract two nodes", Operator::new),
                new NodeFactory("to-integer", "a scalar truncated to an int", p -> new Conversion(p, true)),
                new NodeFactory("to-float", "an int as a scalar", p -> new Conversion(p, false)),
                new NodeFactory("culling", "its input only where a culling scalar is 0 (inside) or not 0 (outside)", Culling::new),
                new NodeFactory("return-results", "the target's current values", ReturnResults::new));
    }
}
