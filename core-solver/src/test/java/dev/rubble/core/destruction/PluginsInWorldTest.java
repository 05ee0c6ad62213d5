package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Sphere;
import dev.rubble.spi.strain.StrainModifier;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Damage models and strain modifiers chosen by name in a world; bad input leaves the world unchanged. */
final class PluginsInWorldTest {

    private static DestructionOptions material(double strength) {
        return DestructionOptions.defaults().withDamageModel("material-strength",
                StageConfig.of(Map.of("tensileStrength", strength)));
    }

    @Test
    void materialStrengthComparesCollisionLoadsAsForces() {
        double[] seen = new double[2];
        for (int run = 0; run < 2; run++) {
            World w = Scenes.world(0);
            CollisionStrainTest.Spy spy = new CollisionStrainTest.Spy();
            DestructionOptions o = run == 0 ? Scenes.thresholds(Double.POSITIVE_INFINITY) : material(1e30);
            var model = Scenes.stages().create(dev.rubble.core.plugin.StageFamily.DAMAGE_MODEL,
                    o.damageModel(), o.damageOptions());
            w.destruction().place(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0).withOptions(o), model,
                    new StrainModifier[] {spy});
            w.createBody(BodyDef.of(new Sphere(0.2)).withMass(2).withPosition(-1.5, 0, 0).withLinearVelocity(10, 0, 0));
            Scenes.steps(w, 30);
            seen[run] = spy.collision[1];
        }
        assertThat(seen[0]).isPositive();
        assertThat(seen[1]).isEqualTo(seen[0] / (1.0 / 60)); // N·s / s = N
    }

    @Test
    void materialStrengthThresholdsAreBondAreasTimesStrengthAndWeakenWhenNeighboursGo() {
        World w = Scenes.world(0);
        double s = 1000;
        w.placeCollection(TestAssets.chain(4, 1000), CollectionPlacement.at(0, 0, 0).withOptions(material(s)));
        ClusterStore st = w.destruction().store();
        // bonds 1-2, 2-3, 3-4 of 0.25 m² each (sum mode)
        assertThat(st.threshold[w.destruction().globalNode(0, 1)]).isEqualTo(250);
        assertThat(st.threshold[w.destruction().globalNode(0, 2)]).isEqualTo(500);
        w.queue(new Command.ExternalStrain(0, 1, 250));
        w.step();
        assertThat(w.destruction().events().node[0]).isEqualTo(1);
        assertThat(st.threshold[w.destruction().globalNode(0, 2)]).isEqualTo(250); // lost its bond to node 1
        assertThat(st.threshold[w.destruction().globalNode(0, 3)]).isEqualTo(500);
    }

    @Test
    void sizeSpecificThresholdsComeFromRelativeSize() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 0, 0).withOptions(DestructionOptions
                .defaults().withDamageModel("size-specific", StageConfig.of(Map.of("sizes", "0.5, 2",
                        "thresholds", "1, 77")))));
        assertThat(w.destruction().store().threshold[w.destruction().globalNode(0, 2)]).isEqualTo(77); // size 1
    }

    @Test
    void aBreakLimitModifierCapsBreaksPerHolderPerStep() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(5, 1000), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(10)
                .withStrainModifiers(List.of(new DestructionOptions.Modifier("break-limit",
                        StageConfig.of(Map.of("maxBreaks", 2)))))));
        w.queue(new Command.Crumble(0, 0));
        w.step();
        BreakEvents ev = w.destruction().events();
        int breaks = 0;
        for (int i = 0; i < ev.count(); i++) {
            breaks += ev.kind[i] == BreakEvents.BREAK ? 1 : 0;
        }
        assertThat(breaks).isEqualTo(2);
        assertThat(w.bodies().size()).isEqualTo(3); // nodes 1, 2 and the still bonded 3-4-5
    }

    @Test
    void fatigueInTheWorldLetsRepeatedSubThresholdHitsBreakAPiece() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.chain(3, 1000), CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(100)
                .withStrainModifiers(List.of(new DestructionOptions.Modifier("fatigue",
                        StageConfig.of(Map.of("share", 0.5)))))));
        int steps = 0;
        while (w.destruction().events().count() == 0 && steps < 10) {
            w.queue(new Command.ExternalStrain(0, 3, 40)); // wear before evaluation: 100 -> 80 -> 60 -> 40, and 40 >= 40
            w.step();
            steps++;
        }
        assertThat(steps).isEqualTo(3);
    }

    @Test
    void unknownModelsOptionsAnchorsAndIndicesFailNamingTheFieldAndChangeNothing() {
        World w = Scenes.world(0);
        CollectionAsset a = TestAssets.chain(3, 1000);
        assertThatThrownBy(() -> w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withOptions(DestructionOptions
                .defaults().withDamageModel("nope", StageConfig.empty()))))
                .hasMessageContaining("unknown damage-model 'nope'").hasMessageContaining("user-defined");
        assertThatThrownBy(() -> w.placeCollection(a, CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(10, -5)))).hasMessageContaining("'thresholds'[1] = -5");
        assertThatThrownBy(() -> w.placeCollection(a, CollectionPlacement.at(0, 0, 0)
                .withAnchors(new int[] {99}, null))).hasMessageContaining("anchors[0] = 99");
        assertThatThrownBy(() -> w.placeCollection(a, CollectionPlacement.at(0, 0, 0).withOptions(DestructionOptions
                .defaults().withStrainModifiers(List.of(new DestructionOptions.Modifier("fatigue",
                        StageConfig.of(Map.of("share", 3)))))))).hasMessageContaining("'share'");
        assertThatThrownBy(() -> w.destruction().place(a, CollectionPlacement.at(0, 0, 0),
                new CollisionStrainTest.Fixed(-1), null)).hasMessageContaining("threshold of node 1 = -1.0");
        assertThat(w.bodies().size()).isZero();
        assertThat(w.destruction().collectionCount()).isZero();
        assertThat(w.destruction().store().size()).isZero();
        w.placeCollection(a, CollectionPlacement.at(0, 0, 0));
        assertThatThrownBy(() -> w.queue(new Command.ExternalStrain(0, 9, 1))).hasMessageContaining("node = 9");
        assertThatThrownBy(() -> w.queue(new Command.Crumble(3, 0))).hasMessageContaining("collection = 3");
        assertThatThrownBy(() -> new Command.ExternalStrain(0, 1, -2)).hasMessageContaining("strain = -2.0");
        assertThatThrownBy(() -> Scenes.thresholds(1).withLevels(0, 1)).hasMessageContaining("maxClusterLevel = 0");
        assertThat(w.appliedCommands()).isEmpty();
    }

    @Test
    void aCorruptAssetIsRejectedNamingTheField() {
        CollectionAsset a = TestAssets.chain(3, 1000);
        int[] parent = a.parent().clone();
        parent[2] = 5;
        assertThatThrownBy(() -> new CollectionAsset(parent, a.firstChild(), a.childCount(), a.mass(), a.com(),
                a.inertia(), a.volume(), a.relativeSize(), a.anchored(), a.initialState(), a.hullStart(),
                a.hullIndex(), a.hulls(), a.edgeA(), a.edgeB(), a.edgeArea())).hasMessageContaining("parent[2] = 5");
        double[] mass = a.mass().clone();
        mass[1] = -1;
        assertThatThrownBy(() -> new CollectionAsset(a.parent(), a.firstChild(), a.childCount(), mass, a.com(),
                a.inertia(), a.volume(), a.relativeSize(), a.anchored(), a.initialState(), a.hullStart(),
                a.hullIndex(), a.hulls(), a.edgeA(), a.edgeB(), a.edgeArea())).hasMessageContaining("mass[1] = -1");
    }
}
